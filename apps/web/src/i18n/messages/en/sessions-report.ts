/** English messages of the report of session fill by region, zone and district. */
export const sessionsReportEn = {
} as const satisfies Record<string, string>;
