/**
 * The single scrolling content page (spec section 2): welcome, conference information, agenda,
 * attire, FAQ, event area and, when the tab bar offers it, the link to the expo. Shown at
 * /nbc/welcome and, for abc logins without an external registration link, at /abc.
 */
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import type { ContentGroups, EventType } from '@portal/contracts';
import { useActiveTab, DEFAULT_TAB } from '../../../lib/active-tab.tsx';
import { useContentItemOfType } from '../../../lib/content-client.ts';
import { CONTENT_TYPES, text, type PageLayout } from '../../../lib/content-models.ts';
import { useUserDetail } from '../../../lib/user-storage.ts';
import { useActiveSectionTracking } from '../hooks/use-active-section.ts';
import { allSettled, useContentPageData } from '../hooks/use-content-page-data.ts';
import { AgendaSection } from './agenda-section.tsx';
import { AttireSection } from './attire-section.tsx';
import { ConferenceInfoSection } from './conference-info-section.tsx';
import { EventAreaSection } from './event-area-section.tsx';
import { FaqSection } from './faq-section.tsx';
import { LinkToExpoSection } from './link-to-expo-section.tsx';
import { WelcomeSection } from './welcome-section.tsx';

const GENERAL_GROUPS: ContentGroups = { agenda: 'general', conference: 'general', faq: 'general' };

/** Section ids in page order; they double as the scroll tabs' ids. */
export const SECTION_IDS = ['welcome', 'confinfo', 'agenda', 'attire', 'faq', 'eventarea', 'linktoexpo'] as const;

export function ContentPage({ eventType }: { eventType: EventType }) {
  const user = useUserDetail();
  const location = useLocation();
  const { tabs, setActiveTab, scrollToSection, reportVisibleSection } = useActiveTab();
  const pageLayout = useContentItemOfType<PageLayout>(CONTENT_TYPES.pageLayout, [], { eventType });

  const showExpo = tabs.some((tab) => tab.id === 'linktoexpo');
  const data = useContentPageData(eventType, user?.data.contentGroups ?? GENERAL_GROUPS, showExpo);
  const sectionIds = useMemo(() => SECTION_IDS.filter((id) => id !== 'linktoexpo' || showExpo), [showExpo]);
  const titleOf = (id: string, fallback: string) => tabs.find((tab) => tab.id === id)?.title ?? fallback;

  useActiveSectionTracking(sectionIds, reportVisibleSection);

  const hashSection = decodeURIComponent(location.hash.replace(/^#/, ''));
  // The active tab starts at welcome, or at the section the address names.
  useEffect(() => {
    setActiveTab(hashSection && (SECTION_IDS as readonly string[]).includes(hashSection) ? hashSection : DEFAULT_TAB);
    // Only on arrival: later hash changes come from the tabs, which set the tab themselves.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Arriving at /nbc/welcome#agenda: scroll once every section has its content (and its height).
  const settled = allSettled(data, showExpo);
  const arrivalScrollDone = useRef(false);
  useEffect(() => {
    if (!settled || arrivalScrollDone.current) return;
    arrivalScrollDone.current = true;
    if (hashSection && sectionIds.includes(hashSection as (typeof SECTION_IDS)[number])) scrollToSection(hashSection);
  }, [settled, hashSection, sectionIds, scrollToSection]);

  // Sections appear in page order: one shows only once those above it have their content, so a
  // section that arrives late never pushes visible ones down (no layout shift).
  const sections: { id: string; pending: boolean; element: ReactNode }[] = [
    { id: 'welcome', pending: data.welcome.isPending, element: <WelcomeSection key="welcome" title={titleOf('welcome', 'Welcome')} query={data.welcome} /> },
    { id: 'confinfo', pending: data.conference.isPending, element: <ConferenceInfoSection key="confinfo" title={titleOf('confinfo', 'Conference information')} query={data.conference} /> },
    { id: 'agenda', pending: data.agenda.isPending, element: <AgendaSection key="agenda" title={titleOf('agenda', 'Agenda')} query={data.agenda} /> },
    { id: 'attire', pending: data.attire.isPending, element: <AttireSection key="attire" title={titleOf('attire', 'Attire')} query={data.attire} /> },
    { id: 'faq', pending: data.faq.isPending, element: <FaqSection key="faq" title={titleOf('faq', 'FAQ')} query={data.faq} /> },
    { id: 'eventarea', pending: data.tourism.isPending, element: <EventAreaSection key="eventarea" title={titleOf('eventarea', 'Event area')} query={data.tourism} /> },
  ];
  if (showExpo) sections.push({ id: 'linktoexpo', pending: data.expo.isPending, element: <LinkToExpoSection key="linktoexpo" title={titleOf('linktoexpo', 'Expo')} query={data.expo} /> });
  const firstPending = sections.findIndex((section) => section.pending);
  const shown = firstPending === -1 ? sections : sections.slice(0, firstPending + 1);

  return (
    <div className="content-page">
      <h1 className="visually-hidden">{text(pageLayout.data?.elements.site_title) || 'Event information'}</h1>
      {shown.map((section) => section.element)}
    </div>
  );
}
