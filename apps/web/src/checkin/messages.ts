/**
 * The door app's messages (docs/decisions/016-web-i18n-react-intl.md): the English part is in the
 * door's own script, the French part is fetched only for a device set to French.
 */
import { defineMessageArea } from '../i18n/area.tsx';
import { doorEn } from '../i18n/messages/en/door.ts';

export const doorMessages = defineMessageArea('door', doorEn, () => import('../i18n/messages/fr-CA/door.ts').then((m) => m.doorFrCA));
