/**
 * The hosted page's checks before it submits. The attendance rules are the server's own
 * (`@portal/contracts/rules`, the zod-free part of the contracts).
 */
import { useCallback, useMemo } from 'react';
import type { FieldError } from '@portal/contracts';
import {
  attendanceErrors,
  EMAIL_PATTERN,
  type EventWindow as RulesEventWindow,
  FIRST_NAME_MAX,
  isIsoDate,
  LAST_NAME_MAX,
} from '@portal/contracts/rules';
import { formatDate, formatDateTime } from '../../../i18n/format.ts';
import type { Language } from '../../../i18n/language.ts';
import type { MessageId } from '../../../i18n/messages/ids.ts';
import { useFormat, useT } from '../../../i18n/use-t.ts';

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

/** A check that failed: its field and the catalog's message for it (the form words it in the reader's language). */
export interface RuleError {
  field: string;
  id: MessageId;
  values?: Record<string, string | number>;
}

/** The contracts' attendance refusals (the server's own checks, in English) as catalog messages. */
function attendanceRuleErrors(window: EventWindow, form: AttendanceInput): RuleError[] {
  const range = { start: window.startsOn, end: window.endsOn };
  return attendanceErrors(window, form).map(({ field, message }): RuleError => {
    const arrival = field === 'arrivalDate';
    if (field === 'isVirtual') return { field, id: 'registration.error.noVirtual' };
    if (message.endsWith(' is required.')) return { field, id: arrival ? 'registration.error.arrivalRequired' : 'registration.error.departureRequired' };
    if (message.endsWith(' must be a date.')) return { field, id: arrival ? 'registration.error.arrivalNotDate' : 'registration.error.departureNotDate' };
    if (message.includes(' must be between ')) return { field, id: arrival ? 'registration.error.arrivalRange' : 'registration.error.departureRange', values: range };
    return { field, id: 'registration.error.departureBeforeArrival' };
  });
}

export function registrationErrors(form: RegistrationForm, window: EventWindow): RuleError[] {
  const errors: RuleError[] = [];
  const first = form.firstName.trim();
  const last = form.lastName.trim();
  const email = form.email.trim();
  if (!first) errors.push({ field: 'firstName', id: 'registration.error.firstNameRequired' });
  else if (first.length > FIRST_NAME_MAX) errors.push({ field: 'firstName', id: 'registration.error.firstNameTooLong', values: { max: FIRST_NAME_MAX } });
  if (!last) errors.push({ field: 'lastName', id: 'registration.error.lastNameRequired' });
  else if (last.length > LAST_NAME_MAX) errors.push({ field: 'lastName', id: 'registration.error.lastNameTooLong', values: { max: LAST_NAME_MAX } });
  if (!email) errors.push({ field: 'email', id: 'registration.error.emailRequired' });
  else if (!EMAIL_PATTERN.test(email)) errors.push({ field: 'email', id: 'registration.error.emailInvalid' });
  return [...errors, ...attendanceRuleErrors(window, form)];
}

const DAY: Intl.DateTimeFormatOptions = { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' };

/** "2027-03-01" → "Monday, March 1, 2027" / "lundi 1 mars 2027" (a calendar day: no time zone shift). */
export function formatDay(isoDate: string, language: Language = 'en'): string {
  if (!isIsoDate(isoDate)) return isoDate;
  return formatDate(isoDate, language, DAY);
}

/** An instant with its time, in the reader's own time zone: "February 1, 2027 at 10:00 AM" / "1 février 2027 à 10 h 00". */
export function formatInstant(iso: string, language: Language = 'en'): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : formatDateTime(d, language, { dateStyle: 'long', timeStyle: 'short' });
}

/** The page's days and instants in the reader's language. */
export function useRegistrationDates() {
  const { language } = useFormat();
  return useMemo(() => ({ day: (isoDate: string) => formatDay(isoDate, language), instant: (iso: string) => formatInstant(iso, language) }), [language]);
}

/** Rule errors worded in the reader's language, dates in full. */
export function useRuleMessages() {
  const t = useT();
  const { day } = useRegistrationDates();
  return useCallback(
    (errors: readonly RuleError[]): FieldError[] =>
      errors.map(({ field, id, values }) => ({
        field,
        message: t(id, values && 'start' in values ? { ...values, start: day(String(values.start)), end: day(String(values.end)) } : values),
      })),
    [t, day],
  );
}
