/** English messages of the report pages and their exports. */
export const reportingEn = {
} as const satisfies Record<string, string>;
