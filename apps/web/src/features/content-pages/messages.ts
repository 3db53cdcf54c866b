/** The content pages' catalog part: English in this area's chunk, French fetched for a French reader only. */
import { defineMessageArea } from '../../i18n/area.tsx';
import { contentEn } from '../../i18n/messages/en/content.ts';

export const contentMessages = defineMessageArea('content', contentEn, () => import('../../i18n/messages/fr-CA/content.ts').then((m) => m.contentFrCA));
