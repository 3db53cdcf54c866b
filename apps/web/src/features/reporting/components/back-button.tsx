import Button from 'react-bootstrap/Button';
import { useNavigate } from 'react-router';
import { useT } from '../../../i18n/use-t.ts';

/** Goes one drill-down step up; a link target rather than history, so it works after a reload too. */
export function BackButton({ to }: { to: string }) {
  const navigate = useNavigate();
  const t = useT();
  return (
    <Button variant="outline-secondary" size="sm" onClick={() => void navigate(to)}>
      {t('reporting.back')}
    </Button>
  );
}
