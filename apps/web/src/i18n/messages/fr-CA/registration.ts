/** Les messages en français canadien de la partie « registration » (voir en/registration.ts). */
import type { AreaCatalog } from '../types.ts';
import type { registrationEn } from '../en/registration.ts';

export const registrationFrCA: AreaCatalog<typeof registrationEn> = {
};
