/** English messages of the registration page (dates, questions, badge, changes, transfers, waiting list). */
export const registrationEn = {
} as const satisfies Record<string, string>;
