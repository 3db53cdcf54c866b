/**
 * The sessions area's messages (docs/decisions/016-web-i18n-react-intl.md). The program is shown by
 * two features (the sessions page and the registration page), which may not import each other, so
 * the area is defined beside the shared program; the English part rides in whichever chunk loads it
 * first, the French part is fetched only for a French reader.
 */
import { defineMessageArea } from '../../i18n/area.tsx';
import { sessionsEn } from '../../i18n/messages/en/sessions.ts';

export const sessionsMessages = defineMessageArea('sessions', sessionsEn, () => import('../../i18n/messages/fr-CA/sessions.ts').then((m) => m.sessionsFrCA));
