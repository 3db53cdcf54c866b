import type { Ref, TextareaHTMLAttributes } from 'react';
import { controlProps, FieldFrame, type FieldFrameProps } from './field.tsx';

export interface TextAreaFieldProps extends FieldFrameProps, Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'value' | 'onChange' | 'className'> {
  value: string;
  onChange: (value: string) => void;
  /** Marks the control invalid without a message of its own (the page lists its errors elsewhere). */
  invalid?: boolean;
  ref?: Ref<HTMLTextAreaElement>;
}

/**
 * A labelled box of several lines (a reason, a list of options), the label above and the hint and
 * error below, like `TextField`; not autofilled unless a field asks for it (`autoComplete`).
 */
export function TextAreaField({ id, label, value, onChange, error, hint, invalid, className, labelClassName, rows = 3, ...textarea }: TextAreaFieldProps) {
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} className={className} labelClassName={labelClassName}>
      <textarea
        autoComplete="off"
        rows={rows}
        {...textarea}
        {...controlProps(id, { error, hint, invalid }, textarea['aria-describedby'])}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </FieldFrame>
  );
}
