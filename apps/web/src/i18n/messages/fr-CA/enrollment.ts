/** Les messages en français canadien de la page d’inscription (voir en/enrollment.ts). */
import type { AreaCatalog } from '../types.ts';
import type { enrollmentEn } from '../en/enrollment.ts';

export const enrollmentFrCA: AreaCatalog<typeof enrollmentEn> = {
  'enrollment.title': 'Inscription',
  'enrollment.regType': 'Type d’inscription',
  'enrollment.physical': 'En personne',
  'enrollment.virtual': 'Virtuelle',
  'enrollment.virtual.heading': 'Participation\u00a0: {label}',
  'enrollment.virtual.body': 'La personne participe en ligne\u00a0: aucune date de voyage ni d’hébergement n’est nécessaire. Entrez son nom ci-dessous pour passer à la page d’inscription.',
  'enrollment.titleChoice': 'Indiquez votre fonction',
  'enrollment.title.EM': 'Direction exécutive',
  'enrollment.title.GM': 'Direction générale',
  'enrollment.title.OTH': 'Autre',
  'enrollment.managerConfirm': 'Êtes-vous {name}\u00a0?',
  'enrollment.yes': 'Oui',
  'enrollment.no': 'Non',
  'enrollment.enterName': 'Entrer le nom de la personne',
  'enrollment.firstName': 'Prénom',
  'enrollment.lastName': 'Nom',
  'enrollment.continue': 'Continuer',
  'enrollment.firstRequired': 'Le prénom est obligatoire.',
  'enrollment.firstTooLong': 'Le prénom ne peut pas dépasser {max, number} caractères.',
  'enrollment.lastRequired': 'Le nom est obligatoire.',
  'enrollment.lastTooLong': 'Le nom ne peut pas dépasser {max, number} caractères.',
  'enrollment.linkFailed': 'Une erreur est survenue. Veuillez réessayer.',
  'enrollment.opened': 'La page d’inscription s’est ouverte dans une nouvelle fenêtre. Sinon, utilisez <link>ce lien vers la page d’inscription</link>.',
  'enrollment.blocked': 'Votre navigateur a bloqué la nouvelle fenêtre. Ouvrez plutôt <link>la page d’inscription</link> d’ici.',
};
