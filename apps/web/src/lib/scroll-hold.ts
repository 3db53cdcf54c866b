/**
 * Keeping a chosen section in place while the page loads (docs/design/web-rules.md, "Tabs"; issue
 * 31 item 2). Loaded on the first tab choice by active-tab.tsx.
 */
/**
 * Keeps `section` where choosing it put it while the page's layout changes (content loading above
 * or below it; a section near the end can reach its place only once the page below it has loaded),
 * until the user scrolls: by wheel, touch, a click (the scrollbar too) or a key, or any scroll that
 * is not this one's once the smooth scroll is over. Each change scrolls to it again: smoothly while
 * the first smooth scroll may still run, at once afterwards. Answers the function that ends it.
 */
export function holdInPlace(section: HTMLElement, behavior: ScrollBehavior, smoothUntil: number, userEvents: readonly string[]): () => void {
  if (typeof ResizeObserver !== 'function') return () => {};
  let frame = 0;
  /** Scroll events still expected from a realignment of this hold. */
  let ours = 0;
  const realign = () => {
    frame = 0;
    if (!section.isConnected) return release();
    const smooth = behavior === 'smooth' && Date.now() < smoothUntil;
    const before = window.scrollY;
    section.scrollIntoView({ behavior: smooth ? 'smooth' : 'auto', block: 'start' });
    if (!smooth && window.scrollY !== before) ours += 1;
  };
  // The observer also reports once on observe(): the page may have changed while this module loaded.
  const observer = new ResizeObserver(() => {
    if (!frame) frame = window.requestAnimationFrame(realign);
  });
  const onScroll = () => {
    if (ours > 0) ours -= 1;
    else if (Date.now() >= smoothUntil) release();
  };
  const release = () => {
    observer.disconnect();
    if (frame) window.cancelAnimationFrame(frame);
    frame = 0;
    window.removeEventListener('scroll', onScroll);
    for (const type of userEvents) window.removeEventListener(type, release, true);
  };
  observer.observe(document.body);
  window.addEventListener('scroll', onScroll, { passive: true });
  for (const type of userEvents) window.addEventListener(type, release, { capture: true, passive: true });
  return release;
}
