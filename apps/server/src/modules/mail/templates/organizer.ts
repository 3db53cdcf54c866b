import { layout, type Branding, type Rendered } from './layout.ts';

/** The second proof of an organizer sign-in without TOTP: a one-time code. */
export interface OrganizerSignInCodeData {
  code: string;
  expiresAt: string;
}

export function organizerSignInCode(b: Branding, d: OrganizerSignInCodeData): Rendered {
  return layout(b, `${b.eventName}: your organizer console sign-in code`, 'Hello,', {
    blocks: [
      'Many wrong passwords were tried for your organizer account, so signing in now needs a second proof. Your one-time code is:',
      { rows: [['Code', d.code]] },
      `It can be used once, until ${new Date(d.expiresAt).toISOString().slice(11, 16)} UTC (10 minutes).`,
      'If you did not try to sign in, someone else knows your password: change it in the organizer console.',
      { link: `${b.portalUrl.replace(/\/+$/, '')}/admin`, label: 'Organizer console' },
    ],
  });
}
