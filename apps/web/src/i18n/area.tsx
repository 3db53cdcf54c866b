/**
 * Catalog parts that load with their area. The base part (landing, login, shell) is in the page's
 * first load; an area's part (registration, reporting, sessions…) is bundled with that area's lazy
 * chunk in English, and its French part is fetched only for a French reader, started as soon as the
 * area's chunk is evaluated. `<MessagesArea area={…}>` adds the part to the messages of everything
 * below it and suspends (into the route's own loading state) until the French part is here.
 */
import { use, useMemo, type ComponentType, type ReactNode } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import { currentLanguage, type Language } from './language.ts';
import type { Messages } from './messages/types.ts';
import { reportMissingMessage } from './report-missing.ts';

export interface MessageArea {
  readonly name: string;
  /** The part in a language: ready (English), else a promise fetched once. */
  part(language: Language): Messages | Promise<Messages>;
}

/** Each area's way to forget its fetched French part (resetMessageAreasForTests). */
const forgetters = new Set<() => void>();

/**
 * Tests that share one module graph (testing/shared-worker.ts): every area forgets its fetched
 * French part, as on a new page, so a file suspends on it as it would in a window of its own.
 */
export function resetMessageAreasForTests(): void {
  for (const forget of forgetters) forget();
}

/**
 * One area's part: its English messages (imported by the area, so they ride in its chunk) and a
 * loader of its French part (a dynamic import, so a chunk of its own).
 */
export function defineMessageArea<English extends Messages>(name: string, en: English, loadFrCA: () => Promise<Readonly<Record<keyof English, string>>>): MessageArea {
  let pending: Promise<Messages> | undefined;
  const loadFrench = (): Promise<Messages> => {
    if (!pending) {
      const loading: Promise<Messages> = loadFrCA().then(
        (messages) => {
          // Marked settled the way React reads a thenable: `use` then answers at once. The French part
          // is always this promise, never the bare messages: a render that suspended on it is
          // replayed, and the replay must call `use` again (else its hooks no longer line up).
          Object.assign(loading, { status: 'fulfilled', value: messages });
          return messages;
        },
        (error: unknown) => {
          if (pending === loading) pending = undefined; // a later render (after a reconnect) may try again
          throw error;
        },
      );
      pending = loading;
    }
    return pending;
  };
  forgetters.add(() => {
    pending = undefined;
  });
  // The area's chunk is being evaluated: a French reader's part starts downloading now.
  if (typeof window !== 'undefined' && currentLanguage() === 'fr-CA') void loadFrench().catch(() => undefined);
  return {
    name,
    part: (language) => (language === 'en' ? en : loadFrench()),
  };
}

/** The area's messages added to the page's for everything below. */
export function MessagesArea({ area, children }: { area: MessageArea; children: ReactNode }) {
  const intl = useIntl();
  const ready = area.part(intl.locale as Language);
  // A French part still on its way suspends the page into its route's loading state.
  const part = ready instanceof Promise ? use(ready) : ready;
  const messages = useMemo(() => ({ ...(intl.messages as Messages), ...part }), [intl.messages, part]);
  return (
    <IntlProvider locale={intl.locale} defaultLocale="en" messages={messages} onError={reportMissingMessage}>
      {children}
    </IntlProvider>
  );
}

/**
 * A component drawn inside its area's messages, for a lazily loaded page:
 * `export default inMessagesArea(enrollmentMessages, EnrollmentPage)` (a French reader's part is
 * fetched with the page's chunk).
 */
export function inMessagesArea<Props extends object>(area: MessageArea, Component: ComponentType<Props>): ComponentType<Props> {
  function InArea(props: Props) {
    return (
      <MessagesArea area={area}>
        <Component {...props} />
      </MessagesArea>
    );
  }
  InArea.displayName = `InMessagesArea(${area.name})`;
  return InArea;
}
