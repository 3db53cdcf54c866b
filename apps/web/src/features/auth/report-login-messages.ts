/**
 * The report login's messages: the English part rides in the page's chunk, the French part is
 * fetched for a French reader only (docs/decisions/016-web-i18n-react-intl.md).
 */
import { defineMessageArea } from '../../i18n/area.tsx';
import { reportLoginEn } from '../../i18n/messages/en/report-login.ts';

export const reportLoginMessages = defineMessageArea('report-login', reportLoginEn, () => import('../../i18n/messages/fr-CA/report-login.ts').then((m) => m.reportLoginFrCA));
