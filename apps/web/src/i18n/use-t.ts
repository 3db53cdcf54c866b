/**
 * Typed access to the catalog: `t('landing.title')` for a string, `t(id, { count })` with ICU values,
 * and the Intl formatting of the page's language (`fmt.date`, `fmt.number`, `fmt.percent`).
 */
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from './messages/ids.ts';
import { formatCurrency, formatDate, formatDateTime, formatNumber, formatPercent, formatTime } from './format.ts';
import type { Language } from './language.ts';

export type MessageValues = Record<string, string | number | boolean | Date | null | undefined>;

export function useT(): (id: MessageId, values?: MessageValues) => string {
  const intl = useIntl();
  return useMemo(() => (id: MessageId, values?: MessageValues) => intl.formatMessage({ id }, values), [intl]);
}

/** The page's language and its formatting helpers. */
export function useFormat() {
  const intl = useIntl();
  const language = intl.locale as Language;
  return useMemo(
    () => ({
      language,
      date: (value: Date | string | number, options?: Intl.DateTimeFormatOptions) => formatDate(value, language, options),
      dateTime: (value: Date | string | number, options?: Intl.DateTimeFormatOptions) => formatDateTime(value, language, options),
      time: (value: Date | string | number, options?: Intl.DateTimeFormatOptions) => formatTime(value, language, options),
      number: (value: number, options?: Intl.NumberFormatOptions) => formatNumber(value, language, options),
      percent: (ratio: number, options?: Intl.NumberFormatOptions) => formatPercent(ratio, language, options),
      currency: (value: number, currency?: string) => formatCurrency(value, language, currency),
    }),
    [language],
  );
}
