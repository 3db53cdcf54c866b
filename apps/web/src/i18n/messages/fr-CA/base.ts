/**
 * Le catalogue en français canadien (ICU MessageFormat), chargé seulement pour les lecteurs qui
 * lisent en français. Vouvoiement, « guillemets », espace insécable avant : ; ? ! et %.
 */
import type { AreaCatalog } from '../types.ts';
import type { baseEn } from '../en/base.ts';

export const baseFrCA: AreaCatalog<typeof baseEn> = {
  'language.switch': 'Langue',

  'landing.title': 'Portail des événements',
  'landing.lead': 'Choisissez votre événement pour vous connecter.',
  'landing.events': 'Événements',

  'shell.menu': 'Menu',
  'shell.close': 'Fermer',
  'shell.blockedWindow': 'Votre navigateur a bloqué la nouvelle fenêtre. Ouvrez plutôt <link>{target}</link> d’ici.',
  'shell.blockedWindow.registration': 'votre inscription',
  'shell.blockedWindow.enrollment': 'la page d’inscription',
  'shell.logout': 'Déconnexion',
  'shell.myData.failed': 'Vos données n’ont pas pu être téléchargées. Veuillez réessayer.',

  'shell.myData.download': 'Télécharger mes données',
  'shell.myData.erase': 'Demander l’effacement de mes données',
  'shell.myData.mailed': 'Nous avons envoyé à {to} un lien pour télécharger vos données.',
  'shell.myData.erasureMailed': 'Pour confirmer votre demande, ouvrez le lien que nous avons envoyé à {to}.',
  'shell.myData.yourAddress': 'votre adresse',
  'shell.erasure.title': 'Demander l’effacement de vos données ?',
  'shell.erasure.body': 'L’équipe de l’événement effacera votre nom, votre courriel et tout ce que le portail conserve à votre sujet. Vous ne pourrez plus ensuite vous connecter, et les liens qui vous ont été envoyés cesseront de fonctionner. Votre inscription ne sera alors conservée que dans un décompte anonyme.',
  'shell.erasure.downloadFirst': 'Vous voudrez peut-être d’abord télécharger vos données.',
  'shell.erasure.send': 'Envoyer la demande',
  'shell.erasure.failed': 'La demande n’a pas pu être envoyée. Veuillez réessayer.',
  'common.cancel': 'Annuler',

  'api.unreachable': 'Le serveur est injoignable.',
};
