/** The retailer report toasts of docs/design/web-rules.md, section 8, each raised in one case (see generate-retailer-report.ts). */
export const RETAILER_MESSAGES = {
  eventCodeRequired: 'Please enter an Event Code.',
  headersNotFound: 'Report Headers Not Found.',
  unauthorized: 'Un-Authorized Access',
  noData: 'No data found',
  noFileData: 'No file data available',
  requestFailed: 'Request failed',
  unreachable: 'An unexpected error occurred',
  emptyAnswer: 'No data returned from API.',
  notGenerated: 'No data found or report generation failed.',
  decodeFailed: 'Failed to generate the report.',
  saveFailed: 'An unexpected error occurred. Please try again.',
  unknown: 'An unknown error occurred.',
  success: 'Report Generated Successfully',
} as const;
