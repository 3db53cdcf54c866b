import Form from 'react-bootstrap/Form';
import type { EventType } from '@portal/contracts';

const LABELS: Record<EventType, string> = { nbc: 'nbc: National Business Conference', abc: 'abc: Annual Business Conference' };

export function EventSelect({ value, onChange }: { value: EventType; onChange: (event: EventType) => void }) {
  return (
    <Form.Group controlId="insight-event" className="d-flex align-items-center gap-2">
      <Form.Label className="mb-0">Event</Form.Label>
      <Form.Select size="sm" value={value} onChange={(e) => onChange(e.target.value === 'abc' ? 'abc' : 'nbc')} style={{ width: 'auto' }}>
        {(Object.keys(LABELS) as EventType[]).map((event) => (
          <option key={event} value={event}>
            {LABELS[event]}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}
