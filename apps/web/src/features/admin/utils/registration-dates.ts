/** The change-dates form checked with the same attendance rules as the hosted page and the server. */
import { attendanceErrors, type EventWindow } from '@portal/contracts/rules';
import type { RegistrationDatesRequest } from '@portal/contracts';

export interface DatesFormValues {
  isVirtual: boolean;
  arrivalDate: string;
  departureDate: string;
}

export function checkDatesForm(
  window: (EventWindow & { isVirtual: boolean }) | null,
  values: DatesFormValues,
): { request: RegistrationDatesRequest } | { errors: Record<string, string> } {
  const request: RegistrationDatesRequest & { isVirtual: boolean } = values.isVirtual
    ? { isVirtual: true, arrivalDate: null, departureDate: null }
    : { isVirtual: false, arrivalDate: values.arrivalDate || null, departureDate: values.departureDate || null };
  // Without the event's window (events not loaded) the server's check is the only one.
  if (!window) return { request };
  const errors: Record<string, string> = {};
  for (const e of attendanceErrors(window, request)) errors[e.field] ??= e.message;
  return Object.keys(errors).length > 0 ? { errors } : { request };
}
