import { useId, useState, type FormEvent } from 'react';
import { ErrorList } from '../../../components/ui/error-list.tsx';
import { PersonNameFields } from '../../../components/person-name-fields.tsx';
import type { EnrollmentTexts } from '../api/get-enrollment-content.ts';
import { nameErrors, type NameFields } from '../utils/enrollment-rules.ts';

export interface NameEntryFormProps {
  texts: EnrollmentTexts;
  initial: NameFields;
  pending: boolean;
  /** Errors of the last link request, appended to the list. */
  outcomeErrors: readonly string[];
  /** Called during the submit event (so a window may still be opened) once the names pass. */
  onSubmit: (names: NameFields) => void;
  onChange?: () => void;
}

/**
 * Title, header, first name (max 30), last name (max 50) and the button. Errors collect in the
 * summary list after the first submit attempt and stop the submission (docs/design/web-rules.md, section 5).
 */
export function NameEntryForm({ texts, initial, pending, outcomeErrors, onSubmit, onChange }: NameEntryFormProps) {
  const id = useId();
  const [fields, setFields] = useState<NameFields>(initial);
  const [submitted, setSubmitted] = useState(false);
  const errors = nameErrors(fields, texts.messages);
  const shown = [...(submitted ? errors.map((e) => e.message) : []), ...outcomeErrors];
  const invalid = (field: keyof NameFields) => submitted && errors.some((e) => e.field === field);
  const errorsId = `${id}-errors`;

  const update = (field: keyof NameFields, value: string) => {
    setFields((current) => ({ ...current, [field]: value }));
    onChange?.();
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (errors.length > 0 || pending) return;
    onSubmit({ firstName: fields.firstName.trim(), lastName: fields.lastName.trim() });
  }

  return (
    <form noValidate onSubmit={submit} aria-describedby={shown.length > 0 ? errorsId : undefined} className="enrollment-name-form">
      {texts.title && <h2 className="h4">{texts.title}</h2>}
      {texts.header && <p>{texts.header}</p>}
      <PersonNameFields
        idPrefix={id}
        labels={{ firstName: texts.firstNameLabel, lastName: texts.lastNameLabel }}
        values={fields}
        onChange={update}
        invalid={invalid}
      />
      <button type="submit" className="btn btn-primary" disabled={pending} aria-busy={pending || undefined}>
        {texts.buttonText}
      </button>
      <ErrorList id={errorsId} errors={shown} />
    </form>
  );
}
