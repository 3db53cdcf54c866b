import type { BaseMessageId } from '../../../i18n/catalogs.ts';

/** The fixed messages of the sign-in flows (docs/design/web-rules.md, section 8), as catalog ids; everything else comes from content. */
export const LOGIN_MESSAGES = {
  userDataNotFound: 'login.userDataNotFound',
  enrollmentLinkFailed: 'login.enrollmentLinkFailed',
  unexpected: 'login.unexpected',
} as const satisfies Record<string, BaseMessageId>;
