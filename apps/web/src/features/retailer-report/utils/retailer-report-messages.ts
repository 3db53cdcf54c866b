import type { retailerReportEn } from '../../../i18n/messages/en/retailer-report.ts';

export type RetailerMessageId = keyof typeof retailerReportEn;

/** The retailer report toasts of docs/design/web-rules.md, section 8, each raised in one case (see generate-retailer-report.ts), as catalog ids. */
export const RETAILER_MESSAGES = {
  eventCodeRequired: 'retailerReport.eventCodeRequired',
  headersNotFound: 'retailerReport.headersNotFound',
  unauthorized: 'retailerReport.unauthorized',
  noData: 'retailerReport.noData',
  noFileData: 'retailerReport.noFileData',
  requestFailed: 'retailerReport.requestFailed',
  unreachable: 'retailerReport.unreachable',
  emptyAnswer: 'retailerReport.emptyAnswer',
  notGenerated: 'retailerReport.notGenerated',
  decodeFailed: 'retailerReport.decodeFailed',
  saveFailed: 'retailerReport.saveFailed',
  unknown: 'retailerReport.unknown',
  success: 'retailerReport.success',
} as const satisfies Record<string, RetailerMessageId>;
