/**
 * The single scrolling content page (docs/design/web-rules.md, section 2): welcome, conference information, agenda,
 * attire, FAQ, event area and, when the tab bar offers it, the link to the expo. Shown at
 * /nbc/welcome and, for abc logins without an external registration link, at /abc.
 */
import { memo, useDeferredValue, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import type { ContentGroups, EventType } from '@portal/contracts';
import { useActiveTab, DEFAULT_TAB } from '../../../lib/active-tab.tsx';
import { useOnePerTask } from '../../../lib/use-one-per-task.ts';
import { useContentItemOfType } from '../../../lib/content-client.ts';
import {
  CONTENT_TYPES,
  text,
  type AgendaPage,
  type AttirePage,
  type ConferenceInformation,
  type FaqPage,
  type LinkToExpoPage,
  type PageLayout,
  type TourismPage,
  type WelcomePage,
} from '../../../lib/content-models.ts';
import { useUserDetail } from '../../../lib/user-storage.ts';
import { useActiveSectionTracking } from '../hooks/use-active-section.ts';
import { useContentPageData } from '../hooks/use-content-page-data.ts';
import { AgendaSection } from '../components/agenda-section.tsx';
import { AttireSection } from '../components/attire-section.tsx';
import { ConferenceInfoSection } from '../components/conference-info-section.tsx';
import { sectionProps, type SectionProps } from '../components/content-section.tsx';
import { EventAreaSection } from '../components/event-area-section.tsx';
import { FaqSection } from '../components/faq-section.tsx';
import { LinkToExpoSection } from '../components/link-to-expo-section.tsx';
import { WelcomeSection } from '../components/welcome-section.tsx';
import { useT } from '../../../i18n/use-t.ts';

const GENERAL_GROUPS: ContentGroups = { agenda: 'general', conference: 'general', faq: 'general' };

/** Section ids in page order; they double as the scroll tabs' ids. */
export const SECTION_IDS = ['welcome', 'confinfo', 'agenda', 'attire', 'faq', 'eventarea', 'linktoexpo'] as const;

export function ContentPage({ eventType }: { eventType: EventType }) {
  const t = useT();
  const user = useUserDetail();
  const location = useLocation();
  const { tabs, setActiveTab, scrollToSection, scrollToPendingSection, reportVisibleSection } = useActiveTab();
  const pageLayout = useContentItemOfType<PageLayout>(CONTENT_TYPES.pageLayout, [], { eventType });

  const showExpo = tabs.some((tab) => tab.id === 'linktoexpo');
  const hashSection = decodeURIComponent(location.hash.replace(/^#/, ''));
  const belowTheFold = useBelowTheFold((SECTION_IDS as readonly string[]).includes(hashSection));
  const data = useContentPageData(eventType, user?.data.contentGroups ?? GENERAL_GROUPS, showExpo, belowTheFold);
  const sectionIds = useMemo(() => SECTION_IDS.filter((id) => id !== 'linktoexpo' || showExpo), [showExpo]);
  const titleOf = (id: string, fallback: string) => tabs.find((tab) => tab.id === id)?.title ?? fallback;


  // The active tab starts at welcome, or at the section the address names (/nbc/welcome#agenda),
  // which is scrolled to once it is on the page.
  useEffect(() => {
    if ((SECTION_IDS as readonly string[]).includes(hashSection)) scrollToSection(hashSection);
    else setActiveTab(DEFAULT_TAB);
    // Only on arrival: later hash changes come from the tabs, which scroll themselves.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const view: SectionsView = {
    welcome: sectionProps(titleOf('welcome', t('content.section.welcome')), data.welcome),
    conference: sectionProps(titleOf('confinfo', t('content.section.confinfo')), data.conference),
    agenda: sectionProps(titleOf('agenda', t('content.section.agenda')), data.agenda),
    attire: sectionProps(titleOf('attire', t('content.section.attire')), data.attire),
    faq: sectionProps(titleOf('faq', t('content.section.faq')), data.faq),
    tourism: sectionProps(titleOf('eventarea', t('content.section.eventarea')), data.tourism),
    expo: showExpo ? sectionProps(titleOf('linktoexpo', t('content.section.expo')), data.expo) : null,
  };
  // Content arriving renders its section at transition priority: React splits that work into short
  // slices, so a phone's main thread is never blocked long while the page fills in. The welcome
  // letter, the first thing a reader sees, renders at once.
  const deferredRest = useDeferredValue(view);
  const deferredView: SectionsView = { ...deferredRest, welcome: view.welcome };

  const target = sectionsReady(deferredView);
  // One more section per task: each commit stays short instead of building the whole page at once.
  const shownCount = useOnePerTask(target, { first: 1 });
  useActiveSectionTracking(sectionIds, reportVisibleSection, shownCount);
  // A section asked for before it was there (by the address or an early tab click) is scrolled to
  // as soon as it is: the sections above it have their content, so the position is final.
  useEffect(() => {
    scrollToPendingSection();
  }, [shownCount, scrollToPendingSection]);

  return (
    <div className="content-page">
      <h1 className="visually-hidden">{text(pageLayout.data?.elements.site_title) || t('content.pageTitle')}</h1>
      <Sections view={deferredView} count={shownCount} />
    </div>
  );
}

/** How long an untouched page waits before it loads what is below the welcome section. */
export const BELOW_THE_FOLD_IDLE_MS = 5000;

function whenIdle(callback: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(callback, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(callback, 0);
  return () => clearTimeout(timer);
}

/**
 * Whether the sections below the welcome section may load: at once when the address or a tab asks
 * for one of them, else on the reader's first scroll or key press, else once the page has been idle
 * a while. On a phone their content (parsed by the Delivery SDK) and their rendering were most of
 * the main thread's work during load, for sections nobody sees yet.
 */
function useBelowTheFold(asked: boolean): boolean {
  const [revealed, setRevealed] = useState(false);
  useEffect(() => {
    if (revealed || asked) return;
    const reveal = () => setRevealed(true);
    let cancelIdle: (() => void) | undefined;
    const timer = setTimeout(() => {
      cancelIdle = whenIdle(reveal);
    }, BELOW_THE_FOLD_IDLE_MS);
    window.addEventListener('scroll', reveal, { passive: true });
    window.addEventListener('keydown', reveal);
    return () => {
      clearTimeout(timer);
      cancelIdle?.();
      window.removeEventListener('scroll', reveal);
      window.removeEventListener('keydown', reveal);
    };
  }, [revealed, asked]);
  return revealed || asked;
}

interface SectionsView {
  welcome: SectionProps<WelcomePage>;
  conference: SectionProps<ConferenceInformation>;
  agenda: SectionProps<AgendaPage>;
  attire: SectionProps<AttirePage>;
  faq: SectionProps<FaqPage>;
  tourism: SectionProps<TourismPage>;
  expo: SectionProps<LinkToExpoPage> | null;
}

function sectionList(view: SectionsView): { pending: boolean; element: ReactNode }[] {
  const sections: { pending: boolean; element: ReactNode }[] = [
    { pending: view.welcome.pending, element: <WelcomeSection key="welcome" {...view.welcome} /> },
    { pending: view.conference.pending, element: <ConferenceInfoSection key="confinfo" {...view.conference} /> },
    { pending: view.agenda.pending, element: <AgendaSection key="agenda" {...view.agenda} /> },
    { pending: view.attire.pending, element: <AttireSection key="attire" {...view.attire} /> },
    { pending: view.faq.pending, element: <FaqSection key="faq" {...view.faq} /> },
    { pending: view.tourism.pending, element: <EventAreaSection key="eventarea" {...view.tourism} /> },
  ];
  if (view.expo) sections.push({ pending: view.expo.pending, element: <LinkToExpoSection key="linktoexpo" {...view.expo} /> });
  return sections;
}

function sectionCount(view: SectionsView): number {
  return view.expo ? 7 : 6;
}

/**
 * How many sections may show: in page order, up to and including the first still loading, so a
 * section that arrives late never pushes visible ones down (no layout shift).
 */
function sectionsReady(view: SectionsView): number {
  const pending = [view.welcome, view.conference, view.agenda, view.attire, view.faq, view.tourism, ...(view.expo ? [view.expo] : [])].findIndex((s) => s.pending);
  return pending === -1 ? sectionCount(view) : pending + 1;
}

const Sections = memo(function Sections({ view, count }: { view: SectionsView; count: number }) {
  return <>{sectionList(view).slice(0, count).map((section) => section.element)}</>;
});
