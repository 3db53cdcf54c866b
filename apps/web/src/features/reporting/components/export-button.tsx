import Button from 'react-bootstrap/Button';
import ProgressBar from 'react-bootstrap/ProgressBar';
import type { ExportTarget } from '../export/use-excel-export.ts';
import { useExcelExport } from '../export/use-excel-export.ts';

export interface ExportButtonProps extends ExportTarget {
  label?: string;
  disabled?: boolean;
}

function percentOf(done: number, total: number): number {
  return total > 0 ? Math.min(100, Math.round((done / total) * 100)) : 0;
}

export function ExportButton({ label = 'Export to Excel', disabled = false, ...target }: ExportButtonProps) {
  const { status, start, cancel } = useExcelExport();
  const busy = status.phase === 'loading' || status.phase === 'building';
  const percent =
    status.phase === 'building' && status.progress ? percentOf(status.progress.done, status.progress.total) : 0;

  return (
    <div className="export-button d-inline-flex flex-column align-items-start gap-1">
      <div className="d-flex gap-2 align-items-center">
        <Button variant="success" size="sm" disabled={disabled || busy} onClick={() => void start(target)}>
          {busy ? (status.phase === 'loading' ? 'Preparing…' : `Exporting… ${percent}%`) : label}
        </Button>
        {busy && (
          <Button variant="link" size="sm" onClick={cancel}>
            Cancel
          </Button>
        )}
      </div>
      {status.phase === 'building' && (
        <ProgressBar
          now={percent}
          label={`${percent}%`}
          visuallyHidden
          style={{ width: '12rem', height: '0.5rem' }}
          aria-label={`${label} progress`}
        />
      )}
      {status.phase === 'error' && (
        <small className="text-danger" role="alert">
          {status.message}
        </small>
      )}
    </div>
  );
}
