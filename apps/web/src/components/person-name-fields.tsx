/**
 * First and last name, each within the length the server accepts (@portal/contracts/rules): the
 * abc login's names and the enrollment's. The page keeps the values, the rules and the error list.
 */
import { FIRST_NAME_MAX, LAST_NAME_MAX } from '@portal/contracts/rules';
import { TextField } from './ui/form/text-field.tsx';

export type NameField = 'firstName' | 'lastName';

const FIELDS = [
  { field: 'firstName', suffix: 'first-name', maxLength: FIRST_NAME_MAX, autoComplete: 'given-name' },
  { field: 'lastName', suffix: 'last-name', maxLength: LAST_NAME_MAX, autoComplete: 'family-name' },
] as const;

export interface PersonNameFieldsProps {
  idPrefix: string;
  labels: Record<NameField, string>;
  values: Record<NameField, string>;
  onChange: (field: NameField, value: string) => void;
  invalid: (field: NameField) => boolean;
  /** The id of the page's error list while it shows errors. */
  describedBy?: string | undefined;
  required?: boolean;
}

export function PersonNameFields({ idPrefix, labels, values, onChange, invalid, describedBy, required }: PersonNameFieldsProps) {
  return FIELDS.map(({ field, suffix, maxLength, autoComplete }) => (
    <TextField
      key={field}
      floating
      id={`${idPrefix}-${suffix}`}
      label={labels[field]}
      autoComplete={autoComplete}
      maxLength={maxLength}
      value={values[field]}
      onChange={(value) => onChange(field, value)}
      invalid={invalid(field)}
      aria-describedby={describedBy}
      required={required}
    />
  ));
}
