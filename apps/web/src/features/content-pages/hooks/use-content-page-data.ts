/**
 * Every query of the content page (content-model.md, "Queries the web app makes"), with the variants
 * the login's content groups pick (agenda, conference information, FAQ).
 */
import type { UseQueryResult } from '@tanstack/react-query';
import type { ContentGroups, EventType } from '@portal/contracts';
import { useContentItem, useContentItemOfType } from '../../../lib/content-client.ts';
import { useOnePerTask } from '../../../lib/use-one-per-task.ts';
import {
  CONTENT_TYPES,
  type AgendaPage,
  type AttirePage,
  type ConferenceInformation,
  type FaqPage,
  type LinkToExpoPage,
  type TourismPage,
  type WelcomePage,
} from '../../../lib/content-models.ts';

export const AGENDA_ITEM = { dealer: 'agenda_page_item_dealer', general: 'agenda_page_item' } as const;

export interface ContentPageData {
  welcome: UseQueryResult<WelcomePage | null>;
  conference: UseQueryResult<ConferenceInformation | null>;
  agenda: UseQueryResult<AgendaPage>;
  attire: UseQueryResult<AttirePage | null>;
  faq: UseQueryResult<FaqPage | null>;
  tourism: UseQueryResult<TourismPage | null>;
  expo: UseQueryResult<LinkToExpoPage | null>;
}

/** The queries below the welcome section, in page order. */
const BELOW_THE_FOLD_QUERIES = 6;

/**
 * The welcome section is the first screenful: its content is asked for first, the rest once it has
 * arrived (or failed) and the page lets the sections below it load (`belowTheFold`), one query per
 * task, in page order. On a phone's slow link six answers at once would share the bandwidth with
 * the welcome text and the banner, and all be parsed in the same moment on the main thread.
 */
export function useContentPageData(eventType: EventType, groups: ContentGroups, showExpo: boolean, belowTheFold = true): ContentPageData {
  const welcome = useContentItemOfType<WelcomePage>(CONTENT_TYPES.welcome, [], { eventType });
  // Starting a query is a fetch and the SDK's request building: the six in one task were 30-60 ms
  // at 4x CPU, on the reader's first scroll.
  const released = useOnePerTask(BELOW_THE_FOLD_QUERIES, { active: belowTheFold && !welcome.isPending });
  const options = (order: number) => ({ eventType, enabled: released > order });
  return {
    welcome,
    conference: useContentItemOfType<ConferenceInformation>(
      CONTENT_TYPES.conferenceInformation,
      [{ element: 'elements.reggroup', op: 'contains', value: [groups.conference || 'general'] }],
      options(0),
    ),
    agenda: useContentItem<AgendaPage>(groups.agenda === 'dealer' ? AGENDA_ITEM.dealer : AGENDA_ITEM.general, options(1)),
    attire: useContentItemOfType<AttirePage>(CONTENT_TYPES.attire, [], options(2)),
    faq: useContentItemOfType<FaqPage>(CONTENT_TYPES.faq, [{ element: 'elements.reggroupfaq', op: 'contains', value: [groups.faq || 'general'] }], options(3)),
    tourism: useContentItemOfType<TourismPage>(CONTENT_TYPES.tourism, [], options(4)),
    expo: useContentItemOfType<LinkToExpoPage>(CONTENT_TYPES.linkToExpo, [], { eventType, enabled: options(5).enabled && showExpo }),
  };
}
