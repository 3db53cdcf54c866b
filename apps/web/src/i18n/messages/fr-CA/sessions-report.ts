/** Les messages en français canadien de la partie « sessions-report » (voir en/sessions-report.ts). */
import type { AreaCatalog } from '../types.ts';
import type { sessionsReportEn } from '../en/sessions-report.ts';

export const sessionsReportFrCA: AreaCatalog<typeof sessionsReportEn> = {
};
