/**
 * The base part of the message catalog and the locale of the page for react-intl (areas add their
 * parts below it: area.tsx). A French page renders once its catalog
 * has arrived (a few kB, fetched alongside the page's other chunks); a switch keeps showing the old
 * language until the new catalog is here, so the page never flashes empty.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { loadCatalog, loadedCatalog } from './catalogs.ts';
import { useLanguage, type Language } from './language.ts';
import type { Messages } from './messages/types.ts';
import { reportMissingMessage } from './report-missing.ts';

interface Shown {
  language: Language;
  messages: Messages;
}

export function I18nProvider({ children }: { children: ReactNode }) {
  const language = useLanguage();
  const [shown, setShown] = useState<Shown | null>(() => {
    const messages = loadedCatalog(language);
    return messages ? { language, messages } : null;
  });

  // A catalog already here (English, or French once fetched) is shown in this very render.
  const ready = loadedCatalog(language);
  if (ready && shown?.language !== language) setShown({ language, messages: ready });

  useEffect(() => {
    // Asked for even when it is here already: it may have arrived between this render and its effect
    // (the page asks for it before the first render), and then only this answer renders the provider again.
    let live = true;
    loadCatalog(language).then(
      (messages) => {
        if (live) setShown((current) => (current?.language === language && current.messages === messages ? current : { language, messages }));
      },
      () => {
        // The catalog could not be fetched (offline): the page stays in (or starts in) English.
        if (live) setShown((current) => current ?? { language: 'en', messages: loadedCatalog('en')! });
      },
    );
    return () => {
      live = false;
    };
  }, [language]);

  if (!shown) return null;
  return (
    <IntlProvider locale={shown.language} defaultLocale="en" messages={shown.messages} onError={reportMissingMessage}>
      {children}
    </IntlProvider>
  );
}

