/**
 * The sessions report's catalog part (messages/en|fr-CA/sessions-report.ts) and its address. The
 * English part rides with whoever imports this (the report menu's entry and the report's own lazy
 * chunk); the French part is fetched only for a French reader (docs/decisions/016-web-i18n-react-intl.md).
 */
import { defineMessageArea } from '../../i18n/area.tsx';
import { sessionsReportEn } from '../../i18n/messages/en/sessions-report.ts';
import { REPORTING_BASE } from './reporting-paths.ts';

export const sessionsReportArea = defineMessageArea('sessions-report', sessionsReportEn, () =>
  import('../../i18n/messages/fr-CA/sessions-report.ts').then((module) => module.sessionsReportFrCA),
);

/** The report's page; `?event=` picks the event (else the login's). */
export const SESSIONS_REPORT_PATH = `${REPORTING_BASE}/sessions`;
