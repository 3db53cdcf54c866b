/**
 * Every message id of the web app: the union of the catalog parts' keys (types only; no part is
 * bundled by this file). A new part adds its line here.
 */
import type { baseEn } from './en/base.ts';
import type { contentEn } from './en/content.ts';
import type { enrollmentEn } from './en/enrollment.ts';
import type { retailerReportEn } from './en/retailer-report.ts';
import type { registrationEn } from './en/registration.ts';
import type { sessionsEn } from './en/sessions.ts';
import type { reportingEn } from './en/reporting.ts';
import type { doorEn } from './en/door.ts';
import type { sessionsReportEn } from './en/sessions-report.ts';
import type { reportLoginEn } from './en/report-login.ts';

export type MessageId =
  | keyof typeof baseEn
  | keyof typeof contentEn
  | keyof typeof enrollmentEn
  | keyof typeof retailerReportEn
  | keyof typeof registrationEn
  | keyof typeof sessionsEn
  | keyof typeof reportingEn
  | keyof typeof doorEn
  | keyof typeof sessionsReportEn
  | keyof typeof reportLoginEn;
