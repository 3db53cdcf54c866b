/**
 * Le catalogue en français canadien (ICU MessageFormat), chargé seulement pour les lecteurs qui
 * lisent en français. Vouvoiement, « guillemets », espace insécable avant : ; ? ! et %.
 */
import type { AreaCatalog } from '../types.ts';
import type { baseEn } from '../en/base.ts';

export const baseFrCA: AreaCatalog<typeof baseEn> = {
  'language.switch': 'Langue',

  'app.loading': 'Chargement…',
  'app.pageFailed.title': 'Cette page n’a pas pu être chargée',
  'app.pageFailed.body': 'Vérifiez votre connexion, puis réessayez.',
  'app.retry': 'Réessayer',

  'login.nbc.heading': 'Connexion au Congrès national des affaires',
  'login.abc.heading': 'Connexion au Congrès annuel des affaires',
  'login.userName': 'Adresse courriel',
  'login.accessCode': 'Code d’accès',
  'login.firstName': 'Prénom',
  'login.lastName': 'Nom',
  'login.nbc.button': 'Se connecter',
  'login.abc.button': 'Se connecter et s’inscrire',
  'login.invalid': 'L’adresse courriel ou le code d’accès saisi n’est pas valide.',
  'login.userNameRequired': 'L’adresse courriel est obligatoire.',
  'login.userNameInvalid': 'Veuillez entrer une adresse courriel valide.',
  'login.accessCodeRequired': 'Le code d’accès est obligatoire.',
  'login.firstNameRequired': 'Le prénom est obligatoire.',
  'login.lastNameRequired': 'Le nom est obligatoire.',
  'login.userDataNotFound': 'Vos données sont introuvables. Veuillez vous reconnecter.',
  'login.enrollmentLinkFailed': 'Une erreur est survenue. Veuillez réessayer.',
  'login.unexpected': 'Erreur inattendue. Veuillez réessayer.',
  'login.or': 'ou',
  'login.companySignIn': 'Se connecter avec son compte d’entreprise',

  'companySignIn.failed.title': 'Connexion non terminée',
  'companySignIn.failed.body': 'Cette connexion a expiré ou a déjà servi, ou elle a été commencée dans un autre navigateur. Veuillez vous connecter de nouveau.',
  'companySignIn.back': '{target, select, admin {Retour à la connexion des organisateurs} event {Retour à la connexion à l’événement} other {Retour à la connexion aux rapports}}',

  'shell.skipToContent': 'Passer au contenu',
  'shell.tab.sessions': 'Séances',

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
  'api.failed': 'Une erreur s’est produite.',
  'api.requestFailed': 'La requête a échoué',
  'api.unreadable': 'La réponse du serveur est illisible.',
  'api.configFailed': 'La configuration du portail n’a pas pu être lue.',
  'api.registrationReadFailed': 'L’inscription n’a pas pu être lue.',
  'api.registrationSaveFailed': 'L’inscription n’a pas pu être enregistrée.',
  'api.sessionsReadFailed': 'Les séances n’ont pas pu être lues.',
  'api.choiceSaveFailed': 'Votre choix n’a pas pu être enregistré.',
  'api.linkMailFailed': 'Le lien n’a pas pu être envoyé par courriel.',
  'api.reportReadFailed': 'La réponse du rapport n’a pas pu être lue.',
  'api.scopeReadFailed': 'La portée de vos rapports n’a pas pu être lue.',
  'api.digestReadFailed': 'Le réglage du sommaire n’a pas pu être lu.',
  'api.remindersFailed': 'Les rappels n’ont pas pu être mis en file d’attente.',
};
