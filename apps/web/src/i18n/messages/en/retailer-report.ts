/** English messages of the retailer report page. */
export const retailerReportEn = {
} as const satisfies Record<string, string>;
