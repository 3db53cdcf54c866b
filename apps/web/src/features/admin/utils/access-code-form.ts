/** The new-code form: its fields, checked with the contract's schema, and the request it sends. */
import { createAccessCodeRequestSchema, type AccessCodeCategory, type CreateAccessCodeRequest, type EventType } from '@portal/contracts';
import { fromLocalInput, parseWhole } from './format.ts';
import { PERSON_CATEGORY_LABELS } from './labels.ts';
import { fieldErrorsOf } from './zod-errors.ts';

/** An access code's category, long form: the code form and table say whom it admits. */
export const CATEGORY_LABELS: Record<AccessCodeCategory, string> = {
  ...PERSON_CATEGORY_LABELS,
  dealer_staff: 'Dealer staff (store roster, or one store)',
  expo: 'Expo visitors (any e-mail)',
};

export interface AccessCodeFormValues {
  category: AccessCodeCategory;
  code: string;
  label: string;
  storeDlrnum: string;
  seats: string;
  expiresAt: string;
}

export const EMPTY_ACCESS_CODE_FORM: AccessCodeFormValues = { category: 'dealer_staff', code: '', label: '', storeDlrnum: '', seats: '', expiresAt: '' };

export type AccessCodeFormErrors = Partial<Record<keyof AccessCodeFormValues, string>>;

const sentence = (field: string, message: string) => `${field} ${message}.`;
const FIELD_NAMES: Record<string, string> = { code: 'The code', label: 'The label', storeDlrnum: 'The store number', seats: 'Seats', expiresAt: 'The expiry' };

export function checkAccessCodeForm(event: EventType, values: AccessCodeFormValues): { request: CreateAccessCodeRequest } | { errors: AccessCodeFormErrors } {
  const errors: AccessCodeFormErrors = {};
  const seats = parseWhole(values.seats, 1, 10_000, true);
  if (seats === undefined) errors.seats = 'Enter a whole number of seats from 1, or leave it empty for no limit.';
  if (values.seats.trim() !== '' && values.storeDlrnum.trim() === '') errors.seats = 'A seat allotment needs a store.';
  const expiresAt = fromLocalInput(values.expiresAt);
  if (values.expiresAt && !expiresAt) errors.expiresAt = 'Enter a date and time.';
  else if (expiresAt && Date.parse(expiresAt) <= Date.now()) errors.expiresAt = 'The expiry must be in the future.';
  const request: CreateAccessCodeRequest = {
    event,
    category: values.category,
    ...(values.code.trim() ? { code: values.code.trim() } : {}),
    ...(values.label.trim() ? { label: values.label.trim() } : {}),
    ...(values.storeDlrnum.trim() ? { storeDlrnum: values.storeDlrnum.trim() } : {}),
    ...(seats ? { seats } : {}),
    ...(expiresAt ? { expiresAt } : {}),
  };
  const parsed = createAccessCodeRequestSchema.safeParse(request);
  if (!parsed.success) {
    for (const [field, message] of Object.entries(fieldErrorsOf(parsed.error.issues))) {
      errors[field as keyof AccessCodeFormValues] ??= sentence(FIELD_NAMES[field] ?? field, message);
    }
  }
  return Object.keys(errors).length > 0 ? { errors } : { request };
}
