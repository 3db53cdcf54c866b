import type { ReactNode } from 'react';
import { TextField, type TextFieldProps } from './text-field.tsx';

/** One text field of a grid: its key in the form's values, and what the field shows. */
export interface FieldSpec<Name extends string> extends Omit<TextFieldProps, 'value' | 'onChange' | 'error'> {
  name: Name;
}

export interface FieldGridProps<Name extends string> {
  fields: readonly FieldSpec<Name>[];
  values: Record<Name, string>;
  errors?: Partial<Record<Name, string | undefined>>;
  onChange: (name: Name, value: string) => void;
  /** The grid's columns per width (Bootstrap `row-cols-*`). */
  className: string;
  /** Cells before and after the text fields (a select, a switch). */
  before?: ReactNode;
  children?: ReactNode;
}

/** A form's text fields in a grid, a cell each, made from a list: the form is its values and this list. */
export function FieldGrid<Name extends string>({ fields, values, errors, onChange, className, before, children }: FieldGridProps<Name>) {
  return (
    <div className={`row ${className}`}>
      {before}
      {fields.map(({ name, ...field }) => (
        <div className="col" key={name}>
          <TextField {...field} value={values[name]} onChange={(value) => onChange(name, value)} error={errors?.[name]} />
        </div>
      ))}
      {children}
    </div>
  );
}
