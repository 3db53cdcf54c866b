/**
 * The days of the event (docs/event-days.md): arrivals of the whole event and each door's count
 * (refreshed every 10 s while shown), door devices (pair, what each holds, revoke), conflicts two offline doors made, walk-ins and
 * printed badges.
 */
import { useState } from 'react';
import { SelectField } from '../../../components/ui/form/select-field.tsx';
import { Arrivals } from '../components/event-days/arrivals.tsx';
import { Conflicts } from '../components/event-days/conflicts.tsx';
import { DoorActivity } from '../components/event-days/door-activity.tsx';
import { DoorDevices } from '../components/event-days/door-devices.tsx';
import { EVENTS, type EventId } from '../components/event-days/event-days-events.ts';
import { PrintBadges } from '../components/event-days/print-badges.tsx';
import { WalkIn } from '../components/event-days/walk-in.tsx';

export function EventDaysPage() {
  const [event, setEvent] = useState<EventId>('nbc');
  return (
    <>
      <div className="d-flex flex-wrap align-items-end gap-3 mb-3">
        <h1 className="h3 mb-0">Event days</h1>
        <SelectField id="event-days-event" label="Event" className="" labelClassName="small mb-0" value={event} onChange={setEvent} options={EVENTS} />
      </div>
      <Arrivals key={`arrivals-${event}`} event={event} />
      <DoorActivity key={`activity-${event}`} event={event} />
      <DoorDevices key={`devices-${event}`} event={event} />
      <Conflicts event={event} />
      <WalkIn event={event} />
      <PrintBadges event={event} />
    </>
  );
}
