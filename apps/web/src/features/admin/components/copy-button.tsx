import { useState } from 'react';
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
