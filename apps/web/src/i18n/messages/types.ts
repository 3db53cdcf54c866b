/** A catalog part in another language: every key of the English part, each a written message. */
export type AreaCatalog<English> = { readonly [Id in keyof English]: string };

/** A catalog part as the app holds it: plain ICU strings (tests, dev) or their syntax trees (build). */
export type Messages = Readonly<Record<string, string>>;
