import { Link } from 'react-router';
import type { EventType } from '@portal/contracts';
import { paths } from '../../../app/paths.ts';
import { useRuntimeConfig } from '../../../lib/runtime-config.ts';

const EVENT_LOGIN: Record<EventType, string> = { nbc: paths.nbcLogin, abc: paths.abcLogin };
const EVENT_ORDER: readonly EventType[] = ['nbc', 'abc'];

/** The landing page (/): one button per event, named as the server's configuration names it. */
export function LandingPage() {
  const { data: config } = useRuntimeConfig();
  const nameOf = (eventType: EventType) => config?.events.find((event) => event.eventType === eventType)?.name ?? eventType.toUpperCase();
  return (
    <main className="landing-page container py-5">
      <h1 className="h2 text-center mb-2">Event portal</h1>
      <p className="text-center text-body-secondary mb-5">Choose your event to sign in.</p>
      <nav aria-label="Events" className="d-grid gap-3 col-12 col-md-8 col-lg-6 mx-auto">
        {EVENT_ORDER.map((eventType) => (
          <Link key={eventType} to={EVENT_LOGIN[eventType]} className="btn btn-primary btn-lg py-3">
            {nameOf(eventType)}
          </Link>
        ))}
      </nav>
    </main>
  );
}
