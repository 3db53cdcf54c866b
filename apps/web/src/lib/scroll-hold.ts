/**
 * Keeping a chosen section in place while the page loads (docs/design/web-rules.md, "Tabs").
 * Loaded on the first tab choice by active-tab.tsx.
 */

/** A smooth scroll sends a scroll event every frame: this long without one, it is over. */
const SCROLL_QUIET_MS = 250;

/**
 * Keeps `section` where choosing it put it while the page's layout changes (content loading above
 * or below it; a section near the end can reach its place only once the page below it has loaded),
 * until the user scrolls: by wheel, touch, a click (the scrollbar too) or a key, or any other scroll
 * that moves the section once the smooth scroll is over. Each change scrolls to it again: smoothly
 * while the first smooth scroll still runs, at once afterwards. Answers the function that ends it.
 *
 * Scrolls the browser makes on its own as the layout changes are not the reader's, and keep the
 * hold: keeping what is on screen in place while something above it changes size (scroll anchoring:
 * the section does not move), or pulling the page up as it gets shorter below. Taking them for the
 * reader's let go of the section when a late font or image changed the page above it.
 *
 * The smooth scroll is over when the browser says so (`scrollend`): on a busy machine its last
 * frames can come after `smoothUntil`. A browser without `scrollend` counts it over at `smoothUntil`.
 * `onFirstUserInput` watches for the user's input (active-tab.tsx, which uses the same watch before
 * this module has loaded).
 */
export function holdInPlace(
  section: HTMLElement,
  behavior: ScrollBehavior,
  smoothUntil: number,
  onFirstUserInput: (callback: () => void) => () => void,
): () => void {
  if (typeof ResizeObserver !== 'function') return () => {};
  let frame = 0;
  /** Scroll events still expected from a realignment of this hold. */
  let ours = 0;
  const endReported = behavior === 'smooth' && 'onscrollend' in window;
  let smoothRunning = behavior === 'smooth';
  let lastScrollAt = Date.now();
  const smoothPhase = () => {
    const now = Date.now();
    if (!endReported || now < smoothUntil) return now < smoothUntil;
    // Its end may have come before this module loaded: no scroll for a while is an end too.
    if (smoothRunning && now - lastScrollAt > SCROLL_QUIET_MS) smoothRunning = false;
    return smoothRunning;
  };
  const look = () => ({ top: section.getBoundingClientRect().top, height: document.documentElement.scrollHeight });
  /** Where the section was on screen, and how tall the page was, at the last scroll seen. */
  let seen = look();
  const realign = () => {
    frame = 0;
    if (!section.isConnected) return release();
    const smooth = behavior === 'smooth' && smoothPhase();
    const before = window.scrollY;
    // 'instant', not 'auto': the page's CSS asks for smooth scrolling (Bootstrap's reboot), which 'auto' would follow.
    section.scrollIntoView({ behavior: smooth ? 'smooth' : 'instant', block: 'start' });
    if (!smooth && window.scrollY !== before) ours += 1;
  };
  // The observer also reports once on observe(): the page may have changed while this module loaded.
  const observer = new ResizeObserver(() => {
    if (!frame) frame = window.requestAnimationFrame(realign);
  });
  const onScroll = () => {
    const smooth = smoothPhase();
    lastScrollAt = Date.now();
    const last = seen;
    seen = look();
    if (ours > 0) ours -= 1;
    else if (!smooth && !byTheBrowser(last, seen)) release();
  };
  const onScrollEnd = () => {
    smoothRunning = false;
  };
  const release = () => {
    observer.disconnect();
    if (frame) window.cancelAnimationFrame(frame);
    frame = 0;
    window.removeEventListener('scroll', onScroll);
    window.removeEventListener('scrollend', onScrollEnd);
    stopWatchingInput();
  };
  observer.observe(document.body);
  window.addEventListener('scroll', onScroll, { passive: true });
  if (endReported) window.addEventListener('scrollend', onScrollEnd, { passive: true });
  const stopWatchingInput = onFirstUserInput(release);
  return release;
}

/**
 * Whether a scroll from `before` to `after` is the browser's answer to a layout change: the section
 * stayed where it was on screen (scroll anchoring), or the page got shorter and the view now ends
 * where the page does.
 */
function byTheBrowser(before: { top: number; height: number }, after: { top: number; height: number }): boolean {
  if (Math.abs(after.top - before.top) < 1) return true;
  return after.height < before.height && window.scrollY + window.innerHeight >= after.height - 1;
}
