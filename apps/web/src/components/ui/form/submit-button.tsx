import type { ReactNode } from 'react';

export interface SubmitButtonProps {
  pending: boolean;
  children: ReactNode;
  variant?: 'primary' | 'outline-primary' | 'danger';
  /** More classes (`w-100`, `btn-lg`). */
  className?: string;
}

/** A form's submit button: a spinner and no second submit while the form is sent. */
export function SubmitButton({ pending, children, variant = 'primary', className }: SubmitButtonProps) {
  return (
    <button type="submit" className={`btn btn-${variant}${className ? ` ${className}` : ''}`} disabled={pending}>
      {pending && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
      {children}
    </button>
  );
}
