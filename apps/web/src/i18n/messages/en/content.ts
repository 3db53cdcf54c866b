/** English messages of the content pages (welcome, information, agenda, FAQ…) and their shell. */
export const contentEn = {
} as const satisfies Record<string, string>;
