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
