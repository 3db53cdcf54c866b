import { Link } from 'react-router';
import type { EventType } from '@portal/contracts';
import { paths } from '../../../config/paths.ts';
import { ContentImage } from '../../../components/ui/content-image.tsx';
import { useContentItemOfType } from '../../../lib/content-client.ts';
import { CONTENT_TYPES, firstAsset, type LoginContent } from '../../../lib/content-models.ts';
import { useRuntimeConfig } from '../../../lib/runtime-config.ts';
import { LanguageSwitch } from '../../../i18n/language-switch.tsx';
import { useT } from '../../../i18n/use-t.ts';

const EVENT_LOGIN: Record<EventType, string> = { nbc: paths.nbcLogin, abc: paths.abcLogin };
const EVENT_ORDER: readonly EventType[] = ['nbc', 'abc'];

/** One event's way in: its brand (the logo of its login page) above its button. */
function EventChoice({ eventType, name }: { eventType: EventType; name: string }) {
  const login = useContentItemOfType<LoginContent>(CONTENT_TYPES.login, [], { eventType });
  const logo = firstAsset(login.data?.elements.logo);
  return (
    <li className={`landing-event landing-event--${eventType} card h-100 shadow-sm`}>
      <div className="card-body d-flex flex-column align-items-center gap-3 p-4">
        {/* The logo repeats the button's words: decorative here, so the link's name stays the event's. */}
        {logo ? <ContentImage asset={logo} width={225} height={60} className="brand-logo" decorative /> : <span className="brand-logo" aria-hidden="true" />}
        <Link to={EVENT_LOGIN[eventType]} className="btn btn-primary btn-lg w-100 py-3 stretched-link">
          {name}
        </Link>
      </div>
    </li>
  );
}

/** The landing page (/): one button per event, named as the server's configuration names it. */
export function LandingPage() {
  const { data: config } = useRuntimeConfig();
  const t = useT();
  const nameOf = (eventType: EventType) => config?.events.find((event) => event.eventType === eventType)?.name ?? eventType.toUpperCase();
  return (
    <main className="landing-page container py-5">
      <LanguageSwitch className="d-flex justify-content-end gap-1 mb-3" />
      <h1 className="h2 text-center mb-2">{t('landing.title')}</h1>
      <p className="text-center text-body-secondary mb-5">{t('landing.lead')}</p>
      <nav aria-label={t('landing.events')} className="col-12 col-lg-10 col-xl-9 mx-auto">
        <ul className="landing-events list-unstyled d-grid gap-4 mb-0">
          {EVENT_ORDER.map((eventType) => (
            <EventChoice key={eventType} eventType={eventType} name={nameOf(eventType)} />
          ))}
        </ul>
      </nav>
    </main>
  );
}
