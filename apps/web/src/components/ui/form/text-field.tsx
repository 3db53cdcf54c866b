import type { InputHTMLAttributes, Ref } from 'react';
import { controlProps, FieldFrame, type FieldFrameProps } from './field.tsx';

export interface TextFieldProps extends FieldFrameProps, Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'className' | 'type' | 'size'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'password' | 'number' | 'date' | 'datetime-local' | 'search';
  /** Marks the control invalid without a message of its own (the page lists its errors elsewhere). */
  invalid?: boolean;
  /**
   * The label inside the box, where the placeholder would be (Bootstrap's floating label): the
   * attendee pages' look, whose forms list their errors below the form (docs/design/web-rules.md,
   * section 2), so a floating field shows no message of its own. Otherwise the label stands above
   * the box (the console's), with the hint and error below it.
   */
  floating?: boolean;
  /** Bootstrap's small control, for a field inside a table row. */
  size?: 'sm';
  ref?: Ref<HTMLInputElement>;
}

/**
 * A labelled text input. The console's inputs are not autofilled unless a field asks for it
 * (`autoComplete`): they hold other people's data.
 */
export function TextField({ id, label, value, onChange, error, hint, invalid = false, floating = false, className = 'mb-3', labelClassName, type = 'text', size, ...input }: TextFieldProps) {
  const control = (
    <input
      autoComplete={floating ? undefined : 'off'}
      placeholder={floating ? label : undefined}
      {...input}
      {...controlProps(id, { error, hint, invalid, size }, input['aria-describedby'])}
      type={type}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
  if (!floating) {
    return (
      <FieldFrame id={id} label={label} error={error} hint={hint} className={className} labelClassName={labelClassName}>
        {control}
      </FieldFrame>
    );
  }
  return (
    <div className={`form-floating ${className}`}>
      {control}
      <label htmlFor={id}>{label}</label>
    </div>
  );
}
