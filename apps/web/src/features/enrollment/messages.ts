/** The enrollment page's catalog part: English in this area's chunk, French fetched for a French reader only. */
import { defineMessageArea } from '../../i18n/area.tsx';
import { enrollmentEn } from '../../i18n/messages/en/enrollment.ts';

export const enrollmentMessages = defineMessageArea('enrollment', enrollmentEn, () => import('../../i18n/messages/fr-CA/enrollment.ts').then((m) => m.enrollmentFrCA));
