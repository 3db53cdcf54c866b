import { useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import type { EventType } from '@portal/contracts';
import { saveFile } from '../../../lib/save-file.ts';
import { downloadHierarchyWorkbook } from '../api/download-hierarchy-workbook.ts';

type State = { phase: 'idle' } | { phase: 'busy' } | { phase: 'error'; message: string };

/** Downloads the server-built hierarchy workbook (region > zone > district > store, with subtotals) of the caller's scope. */
export function HierarchyWorkbookButton({ event }: { event: EventType }) {
  const [state, setState] = useState<State>({ phase: 'idle' });
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const download = async () => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setState({ phase: 'busy' });
    try {
      const { blob, fileName } = await downloadHierarchyWorkbook(event, current.signal);
      if (current.signal.aborted) return;
      saveFile(blob, fileName);
      setState({ phase: 'idle' });
    } catch (error) {
      if (current.signal.aborted) return;
      setState({ phase: 'error', message: error instanceof Error && error.message ? error.message : 'The workbook could not be downloaded.' });
    }
  };

  return (
    <div className="d-inline-flex flex-column align-items-start gap-1">
      <Button variant="outline-success" size="sm" disabled={state.phase === 'busy'} onClick={() => void download()}>
        {state.phase === 'busy' ? (
          <>
            <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
            Building workbook…
          </>
        ) : (
          'Download hierarchy workbook'
        )}
      </Button>
      {state.phase === 'error' && (
        <small className="text-danger" role="alert">
          {state.message}
        </small>
      )}
    </div>
  );
}
