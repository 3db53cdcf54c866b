import { useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import type { EventType } from '@portal/contracts';
import { saveFile } from '../../../lib/save-file.ts';
import { downloadHierarchyWorkbook, type DownloadedFile } from '../api/download-hierarchy-workbook.ts';
import { useT } from '../../../i18n/use-t.ts';

type State = { phase: 'idle' } | { phase: 'busy' } | { phase: 'error'; message: string };

export interface ServerFileButtonProps {
  label: string;
  busyLabel: string;
  variant?: string;
  download: (signal: AbortSignal) => Promise<DownloadedFile>;
}

/** Downloads a file the server builds and streams (the browser saves it once it is complete). */
export function ServerFileButton({ label, busyLabel, variant = 'outline-success', download }: ServerFileButtonProps) {
  const t = useT();
  const [state, setState] = useState<State>({ phase: 'idle' });
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const start = async () => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setState({ phase: 'busy' });
    try {
      const { blob, fileName } = await download(current.signal);
      if (current.signal.aborted) return;
      saveFile(blob, fileName);
      setState({ phase: 'idle' });
    } catch (error) {
      if (current.signal.aborted) return;
      setState({ phase: 'error', message: error instanceof Error && error.message ? error.message : t('reporting.export.downloadFailed') });
    }
  };

  return (
    <div className="d-inline-flex flex-column align-items-start gap-1">
      <Button variant={variant} size="sm" disabled={state.phase === 'busy'} onClick={() => void start()}>
        {state.phase === 'busy' ? (
          <>
            <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
            {busyLabel}
          </>
        ) : (
          label
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

/** Downloads the server-built hierarchy workbook (region > zone > district > store, with subtotals) of the caller's scope. */
export function HierarchyWorkbookButton({ event }: { event: EventType }) {
  const t = useT();
  return <ServerFileButton label={t('reporting.export.workbook')} busyLabel={t('reporting.export.buildingWorkbook')} download={(signal) => downloadHierarchyWorkbook(event, signal)} />;
}

/** A report's "Export to Excel": the server builds the file of every page, not only the one shown. */
export function ExcelExportButton({ download }: Pick<ServerFileButtonProps, 'download'>) {
  const t = useT();
  return <ServerFileButton label={t('reporting.export.button')} busyLabel={t('reporting.export.busy')} variant="success" download={download} />;
}
