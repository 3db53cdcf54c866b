/**
 * The registration link opens in a new window (spec section 4). Browsers allow pop-ups only during
 * the click itself, and the link arrives after a server round trip, so the window is opened empty
 * at the click and pointed at the link when it comes (or closed if the call fails).
 */
export interface LinkWindow {
  /** Loads the link into the window opened at the click, or opens a new one. */
  show(link: string): void;
  /** The call failed: close the empty window again. */
  abandon(): void;
}

export function openLinkWindow(): LinkWindow {
  let pending: Window | null = null;
  try {
    pending = window.open('', '_blank');
  } catch {
    pending = null;
  }
  return {
    show(link) {
      if (pending && !pending.closed) {
        // The registration page (ours or the provider's) gets no handle on the portal's window.
        pending.opener = null;
        pending.location.href = link;
      } else {
        window.open(link, '_blank', 'noopener');
      }
    },
    abandon() {
      if (pending && !pending.closed) pending.close();
    },
  };
}
