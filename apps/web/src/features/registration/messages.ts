/**
 * The registration area's messages (docs/decisions/016-web-i18n-react-intl.md): the English part
 * rides in the registration page's chunk, the French part is fetched only for a French reader.
 */
import { defineMessageArea } from '../../i18n/area.tsx';
import { registrationEn } from '../../i18n/messages/en/registration.ts';

export const registrationMessages = defineMessageArea('registration', registrationEn, () =>
  import('../../i18n/messages/fr-CA/registration.ts').then((m) => m.registrationFrCA),
);
