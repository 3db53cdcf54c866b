import Button from 'react-bootstrap/Button';
import ProgressBar from 'react-bootstrap/ProgressBar';
import type { ExportTarget } from '../export/use-excel-export.ts';
import { useExcelExport } from '../export/use-excel-export.ts';
import { useFormat, useT } from '../../../i18n/use-t.ts';

export interface ExportButtonProps extends ExportTarget {
  label?: string;
  disabled?: boolean;
}

function percentOf(done: number, total: number): number {
  return total > 0 ? Math.min(100, Math.round((done / total) * 100)) : 0;
}

export function ExportButton({ label: given, disabled = false, ...target }: ExportButtonProps) {
  const t = useT();
  const fmt = useFormat();
  const label = given ?? t('reporting.export.button');
  const { status, start, cancel } = useExcelExport(t('reporting.export.failed'));
  const busy = status.phase === 'loading' || status.phase === 'building';
  const percent =
    status.phase === 'building' && status.progress ? percentOf(status.progress.done, status.progress.total) : 0;

  return (
    <div className="export-button d-inline-flex flex-column align-items-start gap-1">
      <div className="d-flex gap-2 align-items-center">
        <Button variant="success" size="sm" disabled={disabled || busy} onClick={() => void start(target)}>
          {busy ? (status.phase === 'loading' ? t('reporting.export.preparing') : t('reporting.export.exporting', { percent: fmt.percent(percent / 100) })) : label}
        </Button>
        {busy && (
          <Button variant="link" size="sm" onClick={cancel}>
            {t('reporting.export.cancel')}
          </Button>
        )}
      </div>
      {status.phase === 'building' && (
        <ProgressBar
          now={percent}
          label={fmt.percent(percent / 100)}
          visuallyHidden
          style={{ width: '12rem', height: '0.5rem' }}
          aria-label={t('reporting.export.progress', { label })}
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
