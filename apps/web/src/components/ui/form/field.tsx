/**
 * The form kit's frame around one control: its label, a hint and the error message. The control
 * points at the hint and the error (aria-describedby) and is marked invalid (aria-invalid) while
 * there is an error, so a screen reader reads what a sighted user sees beside the field.
 */
import type { ReactNode } from 'react';

export interface FieldFrameProps {
  id: string;
  label: ReactNode;
  /** The field's own error message, shown below it. */
  error?: string | null | undefined;
  hint?: ReactNode;
  /** The frame's classes (spacing); `mb-3` unless told. */
  className?: string;
  labelClassName?: string;
}

/** The ids a control is described by: its error, its hint, then any the page adds (an error list). */
export function describedBy(id: string, { error, hint }: Pick<FieldFrameProps, 'error' | 'hint'>, more?: string): string | undefined {
  return [error && `${id}-error`, hint && `${id}-help`, more].filter(Boolean).join(' ') || undefined;
}

/**
 * What a boxed control (input, textarea, file chooser) takes from its field: its id, Bootstrap's
 * classes, aria-invalid while it is wrong, and the ids that describe it (`more`: the page's own).
 */
export function controlProps(
  id: string,
  { error, hint, invalid = false, size }: Pick<FieldFrameProps, 'error' | 'hint'> & { invalid?: boolean | undefined; size?: 'sm' | undefined },
  more?: string,
) {
  const bad = invalid || Boolean(error);
  return {
    id,
    className: ['form-control', size && `form-control-${size}`, bad && 'is-invalid'].filter(Boolean).join(' '),
    'aria-invalid': bad || undefined,
    'aria-describedby': describedBy(id, { error, hint }, more),
  };
}

/** The hint and the error message below a control (Bootstrap shows the error while the control is `is-invalid`). */
export function FieldMessages({ id, error, hint }: Pick<FieldFrameProps, 'id' | 'error' | 'hint'>) {
  return (
    <>
      {hint && (
        <small id={`${id}-help`} className="d-block form-text">
          {hint}
        </small>
      )}
      {error && (
        <div id={`${id}-error`} className="invalid-feedback">
          {error}
        </div>
      )}
    </>
  );
}

/** Label above, the control, its messages below. */
export function FieldFrame({ id, label, error, hint, className = 'mb-3', labelClassName, children }: FieldFrameProps & { children: ReactNode }) {
  return (
    <div className={className}>
      <label className={labelClassName ? `${labelClassName} form-label` : 'form-label'} htmlFor={id}>
        {label}
      </label>
      {children}
      <FieldMessages id={id} error={error} hint={hint} />
    </div>
  );
}
