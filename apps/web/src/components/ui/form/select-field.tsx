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
}

/** A labelled select; `onChange` gets one of the options' values. */
export function SelectField<Value extends string = string>({ id, value, onChange, options, size, error, hint, ...frame }: SelectFieldProps<Value>) {
  const bad = Boolean(error);
  return (
    <FieldFrame id={id} error={error} hint={hint} {...frame}>
      <select
        id={id}
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
