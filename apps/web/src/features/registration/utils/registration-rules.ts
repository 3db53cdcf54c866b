/**
 * The hosted page's checks before it submits. The attendance rules are the server's own
 * (`@portal/contracts/rules`, the zod-free part of the contracts).
 */
import type { FieldError } from '@portal/contracts';
import {
  attendanceErrors,
  EMAIL_PATTERN,
  type EventWindow as RulesEventWindow,
  FIRST_NAME_MAX,
  isIsoDate,
  LAST_NAME_MAX,
} from '@portal/contracts/rules';

export interface AttendanceInput {
  isVirtual: boolean;
  arrivalDate: string;
  departureDate: string;
}

export interface RegistrationForm extends AttendanceInput {
  firstName: string;
  lastName: string;
  email: string;
}

export interface EventWindow extends RulesEventWindow {
  isVirtual: boolean;
}

export { attendanceErrors, isIsoDate };

export function registrationErrors(form: RegistrationForm, window: EventWindow): FieldError[] {
  const errors: FieldError[] = [];
  const first = form.firstName.trim();
  const last = form.lastName.trim();
  const email = form.email.trim();
  if (!first) errors.push({ field: 'firstName', message: 'First name is required.' });
  else if (first.length > FIRST_NAME_MAX) errors.push({ field: 'firstName', message: `First name cannot be longer than ${FIRST_NAME_MAX} characters.` });
  if (!last) errors.push({ field: 'lastName', message: 'Last name is required.' });
  else if (last.length > LAST_NAME_MAX) errors.push({ field: 'lastName', message: `Last name cannot be longer than ${LAST_NAME_MAX} characters.` });
  if (!email) errors.push({ field: 'email', message: 'E-mail address is required.' });
  else if (!EMAIL_PATTERN.test(email)) errors.push({ field: 'email', message: 'Please enter a valid e-mail address.' });
  return [...errors, ...attendanceErrors(window, form)];
}

/** "2027-03-01" → "Monday, March 1, 2027" (a calendar day: no time zone shift). */
export function formatDay(isoDate: string): string {
  if (!isIsoDate(isoDate)) return isoDate;
  return new Date(`${isoDate}T00:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
}

export function formatInstant(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short' });
}
