/** English messages of the door app (/checkin). */
export const doorEn = {
} as const satisfies Record<string, string>;
