/** Les messages en français canadien de la connexion aux rapports (voir en/report-login.ts). */
import type { AreaCatalog } from '../types.ts';
import type { reportLoginEn } from '../en/report-login.ts';

export const reportLoginFrCA: AreaCatalog<typeof reportLoginEn> = {
  'reportLogin.heading': 'Connexion aux rapports des détaillants',
  'reportLogin.userName': 'Courriel de l’entreprise',
  'reportLogin.userNameWithDomain': 'Courriel de l’entreprise (nom@{domain})',
  'reportLogin.password': 'Code de rapport',
  'reportLogin.button': 'Se connecter',
  'reportLogin.invalid': 'L’adresse courriel ou le code de rapport saisi n’est pas valide.',
  'reportLogin.userNameRequired': 'L’adresse courriel est obligatoire.',
  'reportLogin.userNameInvalid': 'Veuillez saisir l’adresse courriel de votre entreprise.',
  'reportLogin.userNameInvalidWithDomain': 'Veuillez saisir l’adresse courriel de votre entreprise, qui se termine par @{domain}.',
  'reportLogin.passwordRequired': 'Le code de rapport est obligatoire.',
};
