/** Les messages en français canadien de la partie « sessions » (voir en/sessions.ts). */
import type { AreaCatalog } from '../types.ts';
import type { sessionsEn } from '../en/sessions.ts';

export const sessionsFrCA: AreaCatalog<typeof sessionsEn> = {
};
