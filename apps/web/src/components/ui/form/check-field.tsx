import type { ReactNode } from 'react';
import { describedBy, FieldMessages } from './field.tsx';

export interface CheckFieldProps {
  id: string;
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** A radio button of the group `name`, or a checkbox. */
  type?: 'checkbox' | 'radio';
  name?: string;
  value?: string;
  /** Side by side with its siblings. */
  inline?: boolean;
  className?: string;
  /** The box's own error message, shown below its label. */
  error?: string | null | undefined;
  hint?: ReactNode;
  disabled?: boolean;
}

/**
 * The box and its label after it, with the hint and error below; `switch` draws a checkbox as
 * Bootstrap's switch and names its role so a screen reader says "switch, on".
 */
export function CheckControl({
  id,
  label,
  checked,
  onChange,
  type = 'checkbox',
  name,
  value,
  inline = false,
  className,
  error,
  hint,
  disabled,
  switch: isSwitch = false,
}: CheckFieldProps & { switch?: boolean }) {
  const bad = Boolean(error);
  return (
    <div className={['form-check', isSwitch ? 'form-switch' : null, inline ? 'form-check-inline' : null, className].filter(Boolean).join(' ')}>
      <input
        className={bad ? 'form-check-input is-invalid' : 'form-check-input'}
        type={isSwitch ? 'checkbox' : type}
        role={isSwitch ? 'switch' : undefined}
        name={name}
        id={id}
        value={value}
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        aria-invalid={bad || undefined}
        aria-describedby={describedBy(id, { error, hint })}
      />
      <label className="form-check-label" htmlFor={id}>
        {label}
      </label>
      <FieldMessages id={id} error={error} hint={hint} />
    </div>
  );
}

/** A checkbox or radio button with its label after it. */
export function CheckField(props: CheckFieldProps) {
  return <CheckControl {...props} />;
}
