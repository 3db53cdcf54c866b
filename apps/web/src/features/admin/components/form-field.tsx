import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';

export interface FieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  help?: ReactNode;
  type?: 'text' | 'email' | 'password' | 'number' | 'date' | 'datetime-local' | 'search';
  required?: boolean;
  className?: string;
  inputMode?: 'numeric' | 'text' | 'email';
  autoComplete?: string;
  placeholder?: string;
}

/** A labelled input with its error and help text tied to it for screen readers. */
export function Field({ id, label, value, onChange, error, help, type = 'text', required, className = 'mb-3', inputMode, autoComplete = 'off', placeholder }: FieldProps) {
  const describedBy = [error ? `${id}-error` : null, help ? `${id}-help` : null].filter(Boolean).join(' ') || undefined;
  return (
    <Form.Group className={className} controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        type={type}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        isInvalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        required={required}
        inputMode={inputMode}
        autoComplete={autoComplete}
        placeholder={placeholder}
      />
      {help && (
        <Form.Text id={`${id}-help`} className="d-block">
          {help}
        </Form.Text>
      )}
      <Form.Control.Feedback type="invalid" id={`${id}-error`}>
        {error}
      </Form.Control.Feedback>
    </Form.Group>
  );
}

export interface SelectFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  error?: string | undefined;
  className?: string;
}

export function SelectField({ id, label, value, onChange, options, error, className = 'mb-3' }: SelectFieldProps) {
  return (
    <Form.Group className={className} controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Select value={value} onChange={(e) => onChange(e.target.value)} isInvalid={Boolean(error)} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Form.Select>
      <Form.Control.Feedback type="invalid" id={`${id}-error`}>
        {error}
      </Form.Control.Feedback>
    </Form.Group>
  );
}

/** A form's submit button (a spinner while `pending`) and its Cancel; both wait while the form is sent. */
export function SubmitCancel({ label, pending, onCancel, variant = 'primary' }: { label: string; pending: boolean; onCancel: () => void; variant?: 'primary' | 'danger' }) {
  return (
    <div className="d-flex gap-2">
      <Button type="submit" variant={variant} disabled={pending}>
        {pending && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
        {label}
      </Button>
      <Button variant="outline-secondary" onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
    </div>
  );
}
