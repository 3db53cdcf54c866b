/** Les messages en français canadien de la partie « reporting » (voir en/reporting.ts). */
import type { AreaCatalog } from '../types.ts';
import type { reportingEn } from '../en/reporting.ts';

export const reportingFrCA: AreaCatalog<typeof reportingEn> = {
};
