/** Les messages en français canadien du rapport des détaillants (voir en/retailer-report.ts). */
import type { AreaCatalog } from '../types.ts';
import type { retailerReportEn } from '../en/retailer-report.ts';

export const retailerReportFrCA: AreaCatalog<typeof retailerReportEn> = {
  'retailerReport.heading': 'Rapport des détaillants',
  'retailerReport.eventCode': 'Code de l’événement',
  'retailerReport.download': 'Télécharger',
  'retailerReport.generating': 'Génération en cours…',
  'retailerReport.fileName': 'Rapport des détaillants',
  'retailerReport.eventCodeRequired': 'Veuillez entrer un code d’événement.',
  'retailerReport.headersNotFound': 'Les colonnes du rapport sont introuvables.',
  'retailerReport.unauthorized': 'Accès non autorisé',
  'retailerReport.noData': 'Aucune donnée trouvée',
  'retailerReport.noFileData': 'Aucune donnée de fichier disponible',
  'retailerReport.requestFailed': 'La demande a échoué',
  'retailerReport.unreachable': 'Une erreur inattendue est survenue',
  'retailerReport.emptyAnswer': 'Le serveur n’a renvoyé aucune donnée.',
  'retailerReport.notGenerated': 'Aucune donnée trouvée, ou le rapport n’a pas pu être produit.',
  'retailerReport.decodeFailed': 'Le rapport n’a pas pu être produit.',
  'retailerReport.saveFailed': 'Une erreur inattendue est survenue. Veuillez réessayer.',
  'retailerReport.unknown': 'Une erreur inconnue est survenue.',
  'retailerReport.success': 'Rapport produit avec succès',
};
