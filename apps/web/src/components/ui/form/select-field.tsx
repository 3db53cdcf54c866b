import type { CSSProperties } from 'react';
import { describedBy, FieldFrame, type FieldFrameProps } from './field.tsx';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps<Value extends string> extends FieldFrameProps {
  value: Value;
  onChange: (value: Value) => void;
  /** The choices; a plain string is its own value and label. */
  options: readonly (SelectOption | Value)[];
  size?: 'sm';
  disabled?: boolean;
  /** The label beside the select on one line (a report's toolbar), not above it. */
  inline?: boolean;
  /** The select's own width rules (e.g. `width: 'auto'` to fit its longest option). */
  controlStyle?: CSSProperties;
}

/** A labelled select; `onChange` gets one of the options' values. */
export function SelectField<Value extends string = string>({ id, value, onChange, options, size, disabled, inline = false, controlStyle, error, hint, ...frame }: SelectFieldProps<Value>) {
  const bad = Boolean(error);
  const layout = inline
    ? { className: ['d-flex align-items-center gap-2', frame.className].filter(Boolean).join(' '), labelClassName: ['mb-0', frame.labelClassName].filter(Boolean).join(' ') }
    : {};
  return (
    <FieldFrame id={id} error={error} hint={hint} {...frame} {...layout}>
      <select
        id={id}
        disabled={disabled}
        style={controlStyle}
        className={`form-select${size ? ` form-select-${size}` : ''}${bad ? ' is-invalid' : ''}`}
        value={value}
        onChange={(event) => onChange(event.target.value as Value)}
        aria-invalid={bad || undefined}
        aria-describedby={describedBy(id, { error, hint })}
      >
        {options.map((option) => {
          const { value: optionValue, label } = typeof option === 'string' ? { value: option, label: option } : option;
          return (
            <option key={optionValue} value={optionValue}>
              {label}
            </option>
          );
        })}
      </select>
    </FieldFrame>
  );
}
