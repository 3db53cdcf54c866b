/** Les messages en français canadien de la partie « sessions » (voir en/sessions.ts). */
import type { AreaCatalog } from '../types.ts';
import type { sessionsEn } from '../en/sessions.ts';

export const sessionsFrCA: AreaCatalog<typeof sessionsEn> = {
  'sessions.documentTitle': 'Séances',
  'sessions.title': 'Séances',
  'sessions.calendar.title': 'Dans votre calendrier',
  'sessions.calendar.mail': 'M’envoyer mon horaire',
  'sessions.calendar.subscribe': 'M’abonner dans mon calendrier',
  'sessions.calendar.renew': 'Créer une nouvelle adresse',
  'sessions.calendar.mailed': 'Votre horaire s’en va dans votre boîte de réception, avec un fichier de calendrier.',
  'sessions.calendar.mailFailed': 'Votre horaire n’a pas pu être envoyé.',
  'sessions.calendar.feedFailed': 'L’adresse de calendrier n’a pas pu être créée.',
  'sessions.calendar.feedLabel': 'Votre adresse de calendrier personnelle (gardez-la pour vous ; une nouvelle adresse désactive celle-ci) :',

  'sessions.loading': 'Chargement des séances…',
  'sessions.loadFailed': 'Les séances n’ont pas pu être chargées.',
  'sessions.tryAgain': 'Réessayer',
  'sessions.timeZone': 'Les heures sont celles du fuseau horaire de l’événement ({zone}).',
  'sessions.myAgenda': 'Mon horaire',
  'sessions.myAgenda.empty': 'Vous n’avez encore choisi aucune séance.',
  'sessions.none': 'Aucune séance n’a encore été publiée pour vous.',
  'sessions.timeRange': '{start} à {end}',

  'sessions.seats.openLeft': 'Ouverte à tous · {count, plural, one {# place restante} other {# places restantes}}',
  'sessions.seats.openFull': 'Ouverte à tous · complète',
  'sessions.seats.fullWaitlist': 'Complète · liste d’attente',
  'sessions.seats.left': '{count, plural, one {# place restante} other {# places restantes}}',
  'sessions.mine.enrolled': 'Vous avez une place',
  'sessions.mine.waitlisted': 'Liste d’attente : rang {position}',
  'sessions.mine.offered': 'Une place vous est offerte : réclamez-la',
  'sessions.overlaps': 'Chevauche « {title} »',
  'sessions.overlapsMine': 'Chevauche l’une de vos séances',

  'sessions.action.claim': 'Réclamer la place',
  'sessions.action.decline': 'Refuser',
  'sessions.action.leaveWaitlist': 'Quitter la liste d’attente',
  'sessions.action.leave': 'Quitter',
  'sessions.action.joinWaitlist': 'M’inscrire à la liste d’attente',
  'sessions.action.join': 'M’inscrire',
  'sessions.action.label': '{action} : {title}',

  'sessions.notice.left': 'Vous avez quitté « {title} ».',
  'sessions.notice.waitlisted': '« {title} » est complète : vous êtes au rang {position} sur sa liste d’attente.',
  'sessions.notice.joined': 'Vous avez une place à « {title} ».',
  'sessions.notice.failed': 'Votre choix n’a pas pu être envoyé. Vérifiez votre connexion, puis réessayez.',
};
