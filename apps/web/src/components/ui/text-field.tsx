import type { ChangeEvent, InputHTMLAttributes } from 'react';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'> {
  id: string;
  /** Visible label; the content's placeholder text doubles as the label (Bootstrap floating label). */
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  invalid?: boolean;
}

/** A labelled input with a floating label: the placeholder look the spec asks for, still labelled. */
export function TextField({ id, label, value, onValueChange, invalid = false, className, ...input }: TextFieldProps) {
  return (
    <div className={`form-floating mb-3 ${className ?? ''}`}>
      <input
        {...input}
        id={id}
        className={`form-control${invalid ? ' is-invalid' : ''}`}
        placeholder={label}
        value={value}
        aria-invalid={invalid || undefined}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onValueChange(event.target.value)}
      />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}
