/** The retailer report's catalog part: English in this area's chunk, French fetched for a French reader only. */
import { defineMessageArea } from '../../i18n/area.tsx';
import { retailerReportEn } from '../../i18n/messages/en/retailer-report.ts';

export const retailerReportMessages = defineMessageArea('retailer-report', retailerReportEn, () =>
  import('../../i18n/messages/fr-CA/retailer-report.ts').then((m) => m.retailerReportFrCA),
);
