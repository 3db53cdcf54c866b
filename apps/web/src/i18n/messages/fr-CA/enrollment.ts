/** Les messages en français canadien de la partie « enrollment » (voir en/enrollment.ts). */
import type { AreaCatalog } from '../types.ts';
import type { enrollmentEn } from '../en/enrollment.ts';

export const enrollmentFrCA: AreaCatalog<typeof enrollmentEn> = {
};
