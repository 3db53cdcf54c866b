/** A message react-intl could not find or format: shown as its id, reported in development (the catalog test catches it first). */
export function reportMissingMessage(error: { code?: string; message: string }): void {
  if (import.meta.env.DEV) console.warn(error.message);
}
