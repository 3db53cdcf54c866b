/** The event form's fields, their checks (the contract's schema plus the cross-field rules), and the update. */
import { updateEventRequestSchema, type AdminEvent, type UpdateEventRequest } from '@portal/contracts';
import { fromLocalInput, parseWhole, toLocalInput } from './format.ts';
import { fieldErrorsOf } from './zod-errors.ts';

export interface EventFormValues {
  startsOn: string;
  endsOn: string;
  registrationOpensAt: string;
  registrationClosesAt: string;
  isVirtual: boolean;
  capacity: string;
  defaultComplimentarySeats: string;
  reminderDaysBeforeClose: string;
  retentionDays: string;
  changesCloseAt: string;
  helpDeskEmail: string;
  helpDeskPhone: string;
}

export type EventFormErrors = Partial<Record<keyof EventFormValues, string>>;

export function eventFormValues(event: AdminEvent): EventFormValues {
  return {
    startsOn: event.startsOn,
    endsOn: event.endsOn,
    registrationOpensAt: toLocalInput(event.registrationOpensAt),
    registrationClosesAt: toLocalInput(event.registrationClosesAt),
    isVirtual: event.isVirtual,
    capacity: event.capacity === null ? '' : String(event.capacity),
    defaultComplimentarySeats: String(event.defaultComplimentarySeats),
    reminderDaysBeforeClose: event.reminderDaysBeforeClose === null ? '' : String(event.reminderDaysBeforeClose),
    retentionDays: event.retentionDays === null || event.retentionDays === undefined ? '' : String(event.retentionDays),
    changesCloseAt: toLocalInput(event.changesCloseAt),
    helpDeskEmail: event.helpDeskEmail ?? '',
    helpDeskPhone: event.helpDeskPhone ?? '',
  };
}

/** The update to send, or the errors to show next to each field. */
export function checkEventForm(values: EventFormValues): { update: UpdateEventRequest } | { errors: EventFormErrors } {
  const errors: EventFormErrors = {};
  const capacity = parseWhole(values.capacity, 0, 1_000_000, true);
  if (capacity === undefined) errors.capacity = 'Enter a whole number of seats, or leave it empty for no limit.';
  const seats = parseWhole(values.defaultComplimentarySeats, 0, 100);
  if (seats === undefined || seats === null) errors.defaultComplimentarySeats = 'Enter a whole number from 0 to 100.';
  const reminder = parseWhole(values.reminderDaysBeforeClose, 1, 365, true);
  if (reminder === undefined) errors.reminderDaysBeforeClose = 'Enter a whole number of days from 1 to 365, or leave it empty for no reminder.';
  const retention = parseWhole(values.retentionDays, 1, 3650, true);
  if (retention === undefined) errors.retentionDays = 'Enter a whole number of days from 1 to 3650, or leave it empty to keep the data.';
  const opens = fromLocalInput(values.registrationOpensAt);
  const closes = fromLocalInput(values.registrationClosesAt);
  if (values.registrationOpensAt && !opens) errors.registrationOpensAt = 'Enter a date and time.';
  if (values.registrationClosesAt && !closes) errors.registrationClosesAt = 'Enter a date and time.';
  const changesClose = fromLocalInput(values.changesCloseAt);
  if (values.changesCloseAt && !changesClose) errors.changesCloseAt = 'Enter a date and time.';

  const update: UpdateEventRequest = {
    startsOn: values.startsOn,
    endsOn: values.endsOn,
    registrationOpensAt: opens,
    registrationClosesAt: closes,
    isVirtual: values.isVirtual,
    capacity: capacity ?? null,
    defaultComplimentarySeats: seats ?? 0,
    reminderDaysBeforeClose: reminder ?? null,
    retentionDays: retention ?? null,
    changesCloseAt: changesClose,
    helpDeskEmail: values.helpDeskEmail.trim() || null,
    helpDeskPhone: values.helpDeskPhone.trim() || null,
  };
  const parsed = updateEventRequestSchema.safeParse(update);
  if (!parsed.success) {
    for (const [field, message] of Object.entries(fieldErrorsOf(parsed.error.issues))) {
      errors[field as keyof EventFormValues] ??= field === 'startsOn' || field === 'endsOn' ? 'Enter a date.' : message;
    }
  }
  if (!errors.endsOn && !errors.startsOn && values.endsOn < values.startsOn) errors.endsOn = 'The last day cannot be before the first.';
  if (!errors.registrationClosesAt && opens && closes && closes <= opens) errors.registrationClosesAt = 'Registration must close after it opens.';
  if (!errors.reminderDaysBeforeClose && reminder && !closes) errors.reminderDaysBeforeClose = 'Reminders need a closing time.';
  return Object.keys(errors).length > 0 ? { errors } : { update };
}
