import { useParams } from 'react-router';
import RegistrationPage from '../../features/registration/pages/registration-page.tsx';
import { useRegistration } from '../../features/registration/api/registration-api.ts';
import { EventFrame } from '../../features/shell/components/event-frame.tsx';
import { useUserDetail } from '../../lib/user-storage.ts';

/**
 * /register/:token in its event's frame: the registration names its event; a link that cannot be
 * read shows the frame of the event the visitor is signed in to, if any.
 */
export default function RegisterRoute() {
  const { token = '' } = useParams();
  const registration = useRegistration(token);
  const user = useUserDetail();
  const eventType = registration.data?.event.eventType ?? (registration.isError ? (user?.data.eventType ?? 'nbc') : undefined);
  return (
    <EventFrame eventType={eventType}>
      <RegistrationPage />
    </EventFrame>
  );
}
