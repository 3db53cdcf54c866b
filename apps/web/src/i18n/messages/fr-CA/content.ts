/** Les messages en français canadien de la partie « content » (voir en/content.ts). */
import type { AreaCatalog } from '../types.ts';
import type { contentEn } from '../en/content.ts';

export const contentFrCA: AreaCatalog<typeof contentEn> = {
};
