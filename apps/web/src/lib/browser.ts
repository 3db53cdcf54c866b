/** Leaving the app (provider links, new windows); one seam, so tests can watch it. */
export const browser = {
  /** Full-page navigation to another site or app. */
  assign(url: string): void {
    window.location.assign(url);
  },
  /** A new window that cannot reach back to this one. */
  openNew(url: string): void {
    window.open(url, '_blank', 'noopener,noreferrer');
  },
};
