import { EVENT_TYPES, type EventType } from '@portal/contracts';
import { SelectField } from '../../../components/ui/form/select-field.tsx';

/** The event a console page shows, chosen in its title bar. */
export function EventSelect({ id, value, onChange }: { id: string; value: EventType; onChange: (event: EventType) => void }) {
  return <SelectField id={id} label="Event" className="mb-0" value={value} onChange={onChange} options={EVENT_TYPES} />;
}
