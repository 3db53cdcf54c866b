/**
 * A component rendered on its own with the page's messages: the base part, plus an area's part when
 * the component belongs to one (registration, reporting…). French parts suspend until loaded, so the
 * tree sits in a Suspense of its own; `findBy…` queries wait for it.
 */
import { Suspense, type ReactElement, type ReactNode } from 'react';
import { render, type RenderOptions } from '@testing-library/react';
import { IntlMessageFormat } from 'intl-messageformat';
import { I18nProvider } from '../i18n/provider.tsx';
import { MessagesArea, type MessageArea } from '../i18n/area.tsx';

export function IntlWrapper({ area, children }: { area?: MessageArea; children: ReactNode }) {
  return (
    <I18nProvider>
      <Suspense fallback={null}>{area ? <MessagesArea area={area}>{children}</MessagesArea> : children}</Suspense>
    </I18nProvider>
  );
}

/** `render` inside the messages of the base part and of `area`. */
export function renderWithIntl(ui: ReactElement, area?: MessageArea, options?: Omit<RenderOptions, 'wrapper'>) {
  return render(ui, { ...options, wrapper: ({ children }) => <IntlWrapper area={area}>{children}</IntlWrapper> });
}

/** A `t` of a catalog part outside React (functions that take the page's `t`), ICU values formatted. */
export function translatorOf<Part extends Readonly<Record<string, string>>>(part: Part, locale = 'en') {
  return (id: string, values?: Record<string, string | number | boolean | Date | null | undefined>): string => {
    const message = part[id];
    if (message === undefined) throw new Error(`no message ${id}`);
    return String(new IntlMessageFormat(message, locale).format(values));
  };
}
