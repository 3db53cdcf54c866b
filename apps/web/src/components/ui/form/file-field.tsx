import type { InputHTMLAttributes, Ref } from 'react';
import { controlProps, FieldFrame, type FieldFrameProps } from './field.tsx';

export interface FileFieldProps extends FieldFrameProps, Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'className' | 'type' | 'multiple'> {
  /** The chosen file, or null when the choice was cleared. */
  onChange: (file: File | null) => void;
  /** Marks the control invalid without a message of its own (the page lists its errors elsewhere). */
  invalid?: boolean;
  /** The input itself, to focus it when the form is sent without a file. */
  ref?: Ref<HTMLInputElement>;
}

/**
 * A labelled chooser of one file, the label above and the hint and error below. The browser keeps
 * the chosen file (code cannot set a file input), so the page gets it through `onChange`.
 */
export function FileField({ id, label, onChange, error, hint, invalid, className, labelClassName, ...input }: FileFieldProps) {
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} className={className} labelClassName={labelClassName}>
      <input {...input} {...controlProps(id, { error, hint, invalid }, input['aria-describedby'])} type="file" onChange={(event) => onChange(event.target.files?.[0] ?? null)} />
    </FieldFrame>
  );
}
