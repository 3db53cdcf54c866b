import type { EventType } from '@portal/contracts';
import { SelectField } from '../../../components/ui/form/select-field.tsx';
import type { MessageId } from '../../../i18n/messages/ids.ts';
import { useT } from '../../../i18n/use-t.ts';

const LABELS: Record<EventType, MessageId> = { nbc: 'reporting.event.nbc', abc: 'reporting.event.abc' };

export function EventSelect({ value, onChange }: { value: EventType; onChange: (event: EventType) => void }) {
  const t = useT();
  return (
    <SelectField
      id="insight-event"
      label={t('reporting.event')}
      inline
      size="sm"
      controlStyle={{ width: 'auto' }}
      value={value}
      onChange={onChange}
      options={(Object.keys(LABELS) as EventType[]).map((event) => ({ value: event, label: t(LABELS[event]) }))}
    />
  );
}
