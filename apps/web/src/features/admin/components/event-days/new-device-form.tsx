/** The form that makes a door device and its pairing code: its name, its rights and the session it guards, if any. */
import { useState } from 'react';
import { createCheckInDeviceRequestSchema, type CreatedCheckInDevice } from '@portal/contracts';
import { useCreateCheckInDevice } from '../../api/event-days.ts';
import { TextField } from '../../../../components/ui/form/text-field.tsx';
import { CheckField } from '../../../../components/ui/form/check-field.tsx';
import { SelectField } from '../../../../components/ui/form/select-field.tsx';
import { formatDateTime } from '../../utils/format.ts';
import { fieldErrorsOf } from '../../utils/zod-errors.ts';
import { FormCard } from '../../components/form-card.tsx';
import { useAdminSessions } from '../../api/sessions.ts';
import type { EventId } from './event-days-events.ts';

export function NewDeviceForm({ event, onCreated, onCancel }: { event: EventId; onCreated: (created: CreatedCheckInDevice & { name: string }) => void; onCancel: () => void }) {
  const create = useCreateCheckInDevice();
  const [name, setName] = useState('');
  const [canWalkIn, setCanWalkIn] = useState(false);
  const [canSubstitute, setCanSubstitute] = useState(false);
  const [sessionId, setSessionId] = useState('');
  const sessions = useAdminSessions(event);
  const sessionOptions = [
    { value: '', label: 'None: the event’s entrance (counts arrivals)' },
    ...(sessions.data?.rows ?? []).filter((s) => !s.cancelledAt).map((s) => ({ value: String(s.id), label: `${s.title} · ${s.room} · ${formatDateTime(s.startsAt)}` })),
  ];
  const [errors, setErrors] = useState<Record<string, string>>({});
  const onSubmit = () => {
    const checked = createCheckInDeviceRequestSchema.safeParse({ event, name, canWalkIn, canSubstitute, ...(sessionId ? { sessionId: Number(sessionId) } : {}) });
    if (!checked.success) {
      setErrors(fieldErrorsOf(checked.error.issues));
      return;
    }
    setErrors({});
    create.mutate(checked.data, { onSuccess: (created) => onCreated({ ...created, name: checked.data.name }) });
  };
  return (
    <FormCard title={`New door device for ${event}`} level={3} onSubmit={onSubmit} error={create.error} errorTitle="Not created." submitLabel="Create pairing code" pending={create.isPending} onCancel={onCancel}>
      <TextField id="device-name" label="Name" value={name} onChange={setName} error={errors.name} placeholder="Door 2, Hall B" hint="Shown at the door and in arrivals (first check-in's door)." />
      <CheckField id="device-walk-in" className="mb-1" label="May register walk-ins" checked={canWalkIn} onChange={setCanWalkIn} />
      <CheckField id="device-substitute" className="mb-3" label="May pass a registration to a colleague of the same store" checked={canSubstitute} onChange={setCanSubstitute} />
      <SelectField
        id="device-session"
        label="Session door"
        value={sessionId}
        onChange={setSessionId}
        options={sessionOptions}
        error={errors.sessionId}
        hint="A door paired to a session counts who came to it, and tells the doorkeeper who did not pick it."
      />
    </FormCard>
  );
}
