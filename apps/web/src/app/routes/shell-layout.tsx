import { ShellLayout } from '../../features/shell/components/shell-layout.tsx';
import { useUserDetail } from '../../lib/user-storage.ts';

/**
 * The layout route of the signed-in pages: shell around the matched page, in the brand of the event
 * the user signed in to (an abc attendee's enrollment page is an abc page).
 */
export default function ShellLayoutRoute() {
  const eventType = useUserDetail()?.data.eventType ?? 'nbc';
  return <ShellLayout eventType={eventType} />;
}
