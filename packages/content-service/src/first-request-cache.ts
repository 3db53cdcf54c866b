/**
 * Promises by key, made on the first request and shared by the concurrent ones, oldest out first
 * past `max`; a rejected one is dropped, so the next request tries again. Holds the compressed
 * SVG assets (plugin.ts) and the renditions.
 */
export class FirstRequestCache<T> {
  private readonly entries = new Map<string, Promise<T>>();

  constructor(private readonly max: number) {}

  get(key: string, make: () => Promise<T>): Promise<T> {
    let entry = this.entries.get(key);
    if (!entry) {
      if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value ?? '');
      entry = make().catch((error: unknown) => {
        this.entries.delete(key);
        throw error;
      });
      this.entries.set(key, entry);
    }
    return entry;
  }
}
