/**
 * Links that open in a new window after a server round trip (the registration link, the revisit
 * link). Browsers allow a pop-up only during the click itself (Safari strictly), so the window is
 * opened empty at the click and pointed at the link when it arrives, or closed if there is none.
 * A blocker answers `window.open` with null: the caller is told, so it can show the link instead.
 */
export interface LinkWindow {
  /** Whether the browser refused the window at the click. */
  readonly blocked: boolean;
  /**
   * Loads the link into the window opened at the click. Returns false when the window was blocked:
   * the caller then shows the link for the user to follow.
   */
  show(link: string): boolean;
  /** There is no link after all: close the empty window again. */
  abandon(): void;
}

function tryOpen(...args: [url: string, target: string, features?: string]): Window | null {
  try {
    return window.open(...args) ?? null;
  } catch {
    return null;
  }
}

/** Call synchronously inside the click or submit handler. */
export function openLinkWindow(): LinkWindow {
  // No 'noopener' here: with it the browser returns no handle to point at the link later.
  const pending = tryOpen('', '_blank');
  return {
    blocked: pending === null,
    show(link) {
      if (pending && !pending.closed) {
        // The registration page (ours or the provider's) gets no handle on the portal's window.
        pending.opener = null;
        pending.location.href = link;
        return true;
      }
      // Refused at the click: asking again outside it would only be refused again.
      if (!pending) return false;
      // The user closed the empty window already: open another.
      tryOpen(link, '_blank', 'noopener');
      return true;
    },
    abandon() {
      if (pending && !pending.closed) pending.close();
    },
  };
}
