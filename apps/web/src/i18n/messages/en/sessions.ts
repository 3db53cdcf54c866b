/** English messages of the attendee’s sessions page and agenda. */
export const sessionsEn = {
} as const satisfies Record<string, string>;
