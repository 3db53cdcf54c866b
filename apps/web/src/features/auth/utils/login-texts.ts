/**
 * Every text of the sign-in screens, from content where it has one, else built in. The login must
 * keep working while the content service is down or an element is empty: the built-in texts are
 * the demo content's own words, so a user sees the same form either way (without logo, banner
 * and note, which only content has).
 */
import type { EventType } from '@portal/contracts';
import { text, type LoginContent, type ReportLoginContent } from '../../../lib/content-models.ts';
import type { LoginMessages } from './login-validation.ts';
import type { BaseMessageId } from '../../../i18n/catalogs.ts';

/** The page's catalog (useT()): the event logins' built-in texts are base messages. */
type Translate = (id: BaseMessageId) => string;

export interface LoginTexts {
  heading: string;
  userNameLabel: string;
  passwordLabel: string;
  firstNameLabel: string;
  lastNameLabel: string;
  buttonText: string;
  /** The failed-login message (docs/design/web-rules.md, section 4: the content's invalid-data message). */
  invalidLogin: string;
  messages: LoginMessages;
  /** Rich text of the note; '' without content. */
  noteHtml: string;
}

/** The built-in texts of an event login, in the page's language. */
function builtIn(eventType: EventType, t: Translate): Omit<LoginTexts, 'noteHtml'> {
  return {
    heading: t(eventType === 'abc' ? 'login.abc.heading' : 'login.nbc.heading'),
    userNameLabel: t('login.userName'),
    passwordLabel: t('login.accessCode'),
    firstNameLabel: t('login.firstName'),
    lastNameLabel: t('login.lastName'),
    buttonText: t(eventType === 'abc' ? 'login.abc.button' : 'login.nbc.button'),
    invalidLogin: t('login.invalid'),
    messages: {
      userNameRequired: t('login.userNameRequired'),
      userNameInvalid: t('login.userNameInvalid'),
      passwordRequired: t('login.accessCodeRequired'),
      firstNameRequired: t('login.firstNameRequired'),
      lastNameRequired: t('login.lastNameRequired'),
    },
  };
}

/** A content text, or the fallback when the element is missing or blank. */
function or(element: { value: string | null } | undefined, fallback: string): string {
  return text(element).trim() || fallback;
}

export type ReportLoginTexts = Omit<LoginTexts, 'firstNameLabel' | 'lastNameLabel' | 'messages'> & {
  messages: Pick<LoginMessages, 'userNameRequired' | 'userNameInvalid' | 'passwordRequired'>;
};

/** The report login's own words where its content has none, in the page's language (the `report-login` catalog part). */
export type ReportLoginBuiltIn = Omit<ReportLoginTexts, 'noteHtml'>;

/**
 * The texts every sign-in form has (heading, user name, password, button, their messages, the note):
 * the content's, else the built-in ones. The event login's content has these elements and more.
 */
function signInTexts(e: ReportLoginContent['elements'] | undefined, fallback: ReportLoginBuiltIn): ReportLoginTexts {
  return {
    heading: or(e?.heading, fallback.heading),
    userNameLabel: or(e?.username_placeholder, fallback.userNameLabel),
    passwordLabel: or(e?.password_placeholder, fallback.passwordLabel),
    buttonText: or(e?.button_text, fallback.buttonText),
    invalidLogin: or(e?.password_invalid_error, fallback.invalidLogin),
    messages: {
      userNameRequired: or(e?.username_required_error, fallback.messages.userNameRequired),
      userNameInvalid: or(e?.username_invalid_error, fallback.messages.userNameInvalid),
      passwordRequired: or(e?.password_required_error, fallback.messages.passwordRequired),
    },
    noteHtml: e?.note?.value ?? '',
  };
}

/** The event login's texts: the content's (in the page's language, from the content service), else the catalog's. */
export function loginTexts(eventType: EventType, content: LoginContent | null | undefined, t: Translate): LoginTexts {
  const e = content?.elements;
  const fallback = builtIn(eventType, t);
  const shared = signInTexts(e, fallback);
  return {
    ...shared,
    firstNameLabel: or(e?.firstname_placeholder, fallback.firstNameLabel),
    lastNameLabel: or(e?.lastname_placeholder, fallback.lastNameLabel),
    messages: {
      ...shared.messages,
      firstNameRequired: or(e?.firstname_required_error, fallback.messages.firstNameRequired),
      lastNameRequired: or(e?.lastname_required_error, fallback.messages.lastNameRequired),
    },
  };
}

export function reportLoginTexts(content: ReportLoginContent | null | undefined, builtIn: ReportLoginBuiltIn): ReportLoginTexts {
  return signInTexts(content?.elements, builtIn);
}
