export { I18nProvider } from './provider.tsx';
export { LanguageSwitch } from './language-switch.tsx';
export { currentLanguage, setLanguage, useLanguage, matchLanguage, initialLanguage, setLanguageStorageKey, WEB_LANGUAGES, LANGUAGE_LABELS, type Language } from './language.ts';
export { useT, useFormat, type MessageValues } from './use-t.ts';
export { formatDate, formatDateTime, formatTime, formatNumber, formatPercent, formatCurrency } from './format.ts';
export { loadCatalog, translate } from './catalogs.ts';
export type { MessageId } from './messages/ids.ts';
export { defineMessageArea, inMessagesArea, MessagesArea, type MessageArea } from './area.tsx';
