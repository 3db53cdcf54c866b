import Form from 'react-bootstrap/Form';
import type { EventType } from '@portal/contracts';
import type { MessageId } from '../../../i18n/messages/ids.ts';
import { useT } from '../../../i18n/use-t.ts';

const LABELS: Record<EventType, MessageId> = { nbc: 'reporting.event.nbc', abc: 'reporting.event.abc' };

export function EventSelect({ value, onChange }: { value: EventType; onChange: (event: EventType) => void }) {
  const t = useT();
  return (
    <Form.Group controlId="insight-event" className="d-flex align-items-center gap-2">
      <Form.Label className="mb-0">{t('reporting.event')}</Form.Label>
      <Form.Select size="sm" value={value} onChange={(e) => onChange(e.target.value === 'abc' ? 'abc' : 'nbc')} style={{ width: 'auto' }}>
        {(Object.keys(LABELS) as EventType[]).map((event) => (
          <option key={event} value={event}>
            {t(LABELS[event])}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}
