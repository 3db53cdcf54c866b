/** Les messages en français canadien de la partie « retailer-report » (voir en/retailer-report.ts). */
import type { AreaCatalog } from '../types.ts';
import type { retailerReportEn } from '../en/retailer-report.ts';

export const retailerReportFrCA: AreaCatalog<typeof retailerReportEn> = {
};
