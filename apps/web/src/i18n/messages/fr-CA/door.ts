/** Les messages en français canadien de la partie « door » (voir en/door.ts). */
import type { AreaCatalog } from '../types.ts';
import type { doorEn } from '../en/door.ts';

export const doorFrCA: AreaCatalog<typeof doorEn> = {
};
