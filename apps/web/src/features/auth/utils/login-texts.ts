/**
 * Every text of the sign-in screens, from content where it has one, else built in. The login must
 * keep working while the content service is down or an element is empty: the built-in texts are
 * the demo content's own words, so a user sees the same form either way (without logo, banner
 * and note, which only content has).
 */
import type { EventType } from '@portal/contracts';
import { text, type LoginContent, type ReportLoginContent } from '../../../lib/content-models.ts';
import type { LoginMessages } from './login-validation.ts';

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

const BUILT_IN_MESSAGES: LoginMessages = {
  userNameRequired: 'E-mail address is required.',
  userNameInvalid: 'Please enter a valid e-mail address.',
  passwordRequired: 'Access code is required.',
  firstNameRequired: 'First name is required.',
  lastNameRequired: 'Last name is required.',
};

const BUILT_IN: Record<EventType, Omit<LoginTexts, 'messages' | 'noteHtml'>> = {
  nbc: {
    heading: 'Sign In to the National Business Conference',
    userNameLabel: 'E-mail address',
    passwordLabel: 'Access code',
    firstNameLabel: 'First name',
    lastNameLabel: 'Last name',
    buttonText: 'Sign In',
    invalidLogin: 'The e-mail address or access code you entered is not valid.',
  },
  abc: {
    heading: 'Sign In to the Annual Business Conference',
    userNameLabel: 'E-mail address',
    passwordLabel: 'Access code',
    firstNameLabel: 'First name',
    lastNameLabel: 'Last name',
    buttonText: 'Sign In and Register',
    invalidLogin: 'The e-mail address or access code you entered is not valid.',
  },
};

/** A content text, or the fallback when the element is missing or blank. */
function or(element: { value: string | null } | undefined, fallback: string): string {
  return text(element).trim() || fallback;
}

export function loginTexts(eventType: EventType, content: LoginContent | null | undefined): LoginTexts {
  const e = content?.elements;
  const builtIn = BUILT_IN[eventType];
  return {
    heading: or(e?.heading, builtIn.heading),
    userNameLabel: or(e?.username_placeholder, builtIn.userNameLabel),
    passwordLabel: or(e?.password_placeholder, builtIn.passwordLabel),
    firstNameLabel: or(e?.firstname_placeholder, builtIn.firstNameLabel),
    lastNameLabel: or(e?.lastname_placeholder, builtIn.lastNameLabel),
    buttonText: or(e?.button_text, builtIn.buttonText),
    invalidLogin: or(e?.password_invalid_error, builtIn.invalidLogin),
    messages: {
      userNameRequired: or(e?.username_required_error, BUILT_IN_MESSAGES.userNameRequired),
      userNameInvalid: or(e?.username_invalid_error, BUILT_IN_MESSAGES.userNameInvalid),
      passwordRequired: or(e?.password_required_error, BUILT_IN_MESSAGES.passwordRequired),
      firstNameRequired: or(e?.firstname_required_error, BUILT_IN_MESSAGES.firstNameRequired),
      lastNameRequired: or(e?.lastname_required_error, BUILT_IN_MESSAGES.lastNameRequired),
    },
    noteHtml: e?.note?.value ?? '',
  };
}

export type ReportLoginTexts = Omit<LoginTexts, 'firstNameLabel' | 'lastNameLabel' | 'messages'> & {
  messages: Pick<LoginMessages, 'userNameRequired' | 'userNameInvalid' | 'passwordRequired'>;
};

/** The report login's own words where its content has none, in the page's language (the `report-login` catalog part). */
export type ReportLoginBuiltIn = Omit<ReportLoginTexts, 'noteHtml'>;

export function reportLoginTexts(content: ReportLoginContent | null | undefined, builtIn: ReportLoginBuiltIn): ReportLoginTexts {
  const e = content?.elements;
  return {
    heading: or(e?.heading, builtIn.heading),
    userNameLabel: or(e?.username_placeholder, builtIn.userNameLabel),
    passwordLabel: or(e?.password_placeholder, builtIn.passwordLabel),
    buttonText: or(e?.button_text, builtIn.buttonText),
    invalidLogin: or(e?.password_invalid_error, builtIn.invalidLogin),
    messages: {
      userNameRequired: or(e?.username_required_error, builtIn.messages.userNameRequired),
      userNameInvalid: or(e?.username_invalid_error, builtIn.messages.userNameInvalid),
      passwordRequired: or(e?.password_required_error, builtIn.messages.passwordRequired),
    },
    noteHtml: e?.note?.value ?? '',
  };
}
