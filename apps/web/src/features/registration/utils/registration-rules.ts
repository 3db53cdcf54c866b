/**
 * The hosted page's checks before it submits. The attendance part mirrors `attendanceErrors` of
 * @portal/contracts (the server applies that one); it is repeated here because a runtime import of
 * the package pulls zod into this public page, and `registration-rules.test.ts` keeps both equal.
 */
import type { FieldError } from '@portal/contracts';
import { EMAIL_PATTERN, FIRST_NAME_MAX, LAST_NAME_MAX } from '../../../lib/contract-constants.ts';

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

export interface EventWindow {
  startsOn: string;
  endsOn: string;
  isVirtual: boolean;
}

export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

export function attendanceErrors(window: EventWindow, input: { isVirtual: boolean; arrivalDate?: string | null; departureDate?: string | null }): FieldError[] {
  if (input.isVirtual) {
    return window.isVirtual ? [] : [{ field: 'isVirtual', message: 'This event offers no virtual attendance.' }];
  }
  const errors: FieldError[] = [];
  const inWindow = (d: string) => d >= window.startsOn && d <= window.endsOn;
  const range = `between ${window.startsOn} and ${window.endsOn}`;
  const { arrivalDate, departureDate } = input;
  if (!arrivalDate) errors.push({ field: 'arrivalDate', message: 'Arrival date is required.' });
  else if (!isIsoDate(arrivalDate)) errors.push({ field: 'arrivalDate', message: 'Arrival date must be a date.' });
  else if (!inWindow(arrivalDate)) errors.push({ field: 'arrivalDate', message: `Arrival date must be ${range}.` });
  if (!departureDate) errors.push({ field: 'departureDate', message: 'Departure date is required.' });
  else if (!isIsoDate(departureDate)) errors.push({ field: 'departureDate', message: 'Departure date must be a date.' });
  else if (!inWindow(departureDate)) errors.push({ field: 'departureDate', message: `Departure date must be ${range}.` });
  else if (arrivalDate && isIsoDate(arrivalDate) && departureDate < arrivalDate) {
    errors.push({ field: 'departureDate', message: 'Departure date cannot be before the arrival date.' });
  }
  return errors;
}

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
