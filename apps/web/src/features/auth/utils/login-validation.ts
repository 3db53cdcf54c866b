/**
 * Login form rules (docs/design/web-rules.md, section 5). Messages come from content; these functions only decide which
 * apply. They run on every change; the form shows the result after the first submit attempt.
 */
import { EMAIL_PATTERN } from '@portal/contracts/rules';

export interface LoginFields {
  userName: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** One broken rule: which box, and the content's message for it. */
export interface FieldMessage {
  field: keyof LoginFields;
  message: string;
}

export interface LoginMessages {
  userNameRequired: string;
  userNameInvalid: string;
  passwordRequired: string;
  firstNameRequired: string;
  lastNameRequired: string;
}

/** Attendee login: e-mail and access code; abc also needs first and last name. */
export function validateLogin(fields: LoginFields, messages: LoginMessages, options: { requireNames: boolean }): FieldMessage[] {
  const errors: FieldMessage[] = [];
  const userName = fields.userName.trim();
  if (!userName) errors.push({ field: 'userName', message: messages.userNameRequired });
  else if (!EMAIL_PATTERN.test(userName)) errors.push({ field: 'userName', message: messages.userNameInvalid });
  if (!fields.password) errors.push({ field: 'password', message: messages.passwordRequired });
  if (options.requireNames) {
    if (!fields.firstName.trim()) errors.push({ field: 'firstName', message: messages.firstNameRequired });
    if (!fields.lastName.trim()) errors.push({ field: 'lastName', message: messages.lastNameRequired });
  }
  return errors;
}

export interface ReportLoginMessages {
  userNameRequired: string;
  userNameInvalid: string;
  passwordRequired: string;
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** An address in exactly the company mail domain (no subdomains, no look-alikes). */
export function companyEmailPattern(domain: string): RegExp {
  return new RegExp(`^[^\\s@]+@${escapeRegExp(domain.trim())}$`, 'i');
}

/**
 * Report login: a company e-mail and the report code. The code itself is checked by the server
 * (a wrong code answers the content's invalid-data message), never shipped to the browser.
 * Without a configured domain only the e-mail shape is checked here; the server checks the domain.
 */
export function validateReportLogin(
  fields: Pick<LoginFields, 'userName' | 'password'>,
  messages: ReportLoginMessages,
  options: { emailDomain?: string | undefined },
): FieldMessage[] {
  const errors: FieldMessage[] = [];
  const userName = fields.userName.trim();
  const pattern = options.emailDomain ? companyEmailPattern(options.emailDomain) : EMAIL_PATTERN;
  if (!userName) errors.push({ field: 'userName', message: messages.userNameRequired });
  else if (!pattern.test(userName)) errors.push({ field: 'userName', message: messages.userNameInvalid });
  if (!fields.password) errors.push({ field: 'password', message: messages.passwordRequired });
  return errors;
}

/** Whether a box has a broken rule (marks it invalid once the form was submitted). */
export function hasError(errors: readonly FieldMessage[], field: keyof LoginFields): boolean {
  return errors.some((error) => error.field === field);
}
