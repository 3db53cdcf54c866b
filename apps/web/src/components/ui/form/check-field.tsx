import type { ReactNode } from 'react';

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
}

/** A checkbox or radio button with its label after it. */
export function CheckField({ id, label, checked, onChange, type = 'checkbox', name, value, inline = false, className }: CheckFieldProps) {
  return (
    <div className={['form-check', inline ? 'form-check-inline' : null, className].filter(Boolean).join(' ')}>
      <input className="form-check-input" type={type} name={name} id={id} value={value} checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <label className="form-check-label" htmlFor={id}>
        {label}
      </label>
    </div>
  );
}
