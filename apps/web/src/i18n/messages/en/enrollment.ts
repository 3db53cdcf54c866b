/** English messages of the enrollment page. */
export const enrollmentEn = {
} as const satisfies Record<string, string>;
