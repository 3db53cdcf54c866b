/**
 * The reporting area's messages: the English part rides in the reporting chunk, the French part is
 * fetched for a French reader only (docs/decisions/016-web-i18n-react-intl.md).
 */
import { defineMessageArea } from '../../i18n/area.tsx';
import { reportingEn } from '../../i18n/messages/en/reporting.ts';

export const reportingMessages = defineMessageArea('reporting', reportingEn, () => import('../../i18n/messages/fr-CA/reporting.ts').then((m) => m.reportingFrCA));
