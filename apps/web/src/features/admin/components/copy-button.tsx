import { useState, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';

/** Copies a text to the clipboard and says so; where the clipboard is refused, the text stays selectable. */
export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <>
      <Button variant="outline-primary" onClick={() => void copy()}>
        {state === 'copied' ? 'Copied' : label}
      </Button>
      <span className="visually-hidden" role="status">
        {state === 'copied' ? 'Copied to the clipboard.' : state === 'failed' ? 'Copying was refused by the browser: select the text and copy it.' : ''}
      </span>
      {state === 'failed' && <span className="small text-danger">Select the text and copy it.</span>}
    </>
  );
}

export interface CopyFieldProps {
  id: string;
  label: string;
  value: string;
  copyLabel: string;
  /** The label above the box, or for screen readers only (the box stands in a message that says what it is). */
  showLabel?: boolean;
  /** More classes of the row (spacing) and of the box (size). */
  className?: string;
  inputClassName?: string;
}

/** A value shown once to be copied (a new code, link or key): read-only, selected on focus, with its copy button. */
export function CopyField({ id, label, value, copyLabel, showLabel = false, className, inputClassName }: CopyFieldProps) {
  const labelled = (
    <label htmlFor={id} className={showLabel ? 'form-label' : 'visually-hidden'}>
      {label}
    </label>
  );
  return (
    <>
      {showLabel && labelled}
      <div className={['d-flex flex-wrap gap-2', showLabel ? null : 'align-items-center', className].filter(Boolean).join(' ')}>
        {!showLabel && labelled}
        <input id={id} className={['form-control font-monospace', inputClassName].filter(Boolean).join(' ')} readOnly value={value} onFocus={(e) => e.currentTarget.select()} />
        <CopyButton text={value} label={copyLabel} />
      </div>
    </>
  );
}

export interface ShownOnceProps {
  title: string;
  /** A page's notice (h2, the default) or one inside a section of the page (h3). */
  level?: 2 | 3;
  className?: string;
  /** What the value is for, and that it is shown only this once. */
  note: ReactNode;
  value: string;
  valueClassName: string;
  testId: string;
  copyLabel: string;
  onDone: () => void;
}

/** A value the server hands out only once (a signing secret, a pairing code): shown with its copy button until Done. */
export function ShownOnce({ title, level = 2, className, note, value, valueClassName, testId, copyLabel, onDone }: ShownOnceProps) {
  return (
    <Alert variant="light" className={className ? `${className} border` : 'border'} role="status">
      <Alert.Heading as={level === 2 ? 'h2' : 'h3'} className={level === 2 ? 'h5' : 'h6'}>
        {title}
      </Alert.Heading>
      <p className="mb-2">{note}</p>
      <p className="mb-2">
        <code className={`user-select-all text-body ${valueClassName}`} data-testid={testId}>
          {value}
        </code>{' '}
        <CopyButton text={value} label={copyLabel} />
      </p>
      <Button size="sm" variant="secondary" onClick={onDone}>
        Done
      </Button>
    </Alert>
  );
}
