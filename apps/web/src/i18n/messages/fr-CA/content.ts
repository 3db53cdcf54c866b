/** Les messages en français canadien de la partie « content » (voir en/content.ts). */
import type { AreaCatalog } from '../types.ts';
import type { contentEn } from '../en/content.ts';

export const contentFrCA: AreaCatalog<typeof contentEn> = {
  'content.pageTitle': 'Renseignements sur l’événement',
  'content.section.welcome': 'Bienvenue',
  'content.section.confinfo': 'Renseignements sur le congrès',
  'content.section.agenda': 'Programme',
  'content.section.attire': 'Tenue vestimentaire',
  'content.section.faq': 'FAQ',
  'content.section.eventarea': 'Région de l’événement',
  'content.section.expo': 'Expo',
  'content.section.failed': 'Cette section n’a pas pu être chargée. Veuillez recharger la page.',
  'content.section.loading': 'Chargement de la section «\u00a0{title}\u00a0»',
  'content.letter.more': 'Lire la suite',
  'content.letter.less': 'Réduire',
  'content.video': 'Vidéo de bienvenue',
  'content.agenda.pdf': 'Cliquez ici pour télécharger le PDF<hidden> ({name})</hidden>',
  'content.location.map': 'Voir la carte<hidden> de l’emplacement {name} (s’ouvre dans une nouvelle fenêtre)</hidden>',
  'content.area.map': 'Carte\u00a0: {area}',
  'content.expo.open': 'Visiter l’expo en ligne<hidden> (s’ouvre dans une nouvelle fenêtre)</hidden>',
};
