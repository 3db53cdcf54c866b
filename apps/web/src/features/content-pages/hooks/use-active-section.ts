import { useEffect, useRef } from 'react';
import { pickActiveSection, sectionsInView, type SectionBox, type Viewport } from '../utils/active-section.ts';

function measure(ids: readonly string[]): { boxes: SectionBox[]; viewport: Viewport } {
  const boxes: SectionBox[] = [];
  for (const id of ids) {
    const element = document.getElementById(id);
    if (!element) continue;
    const rect = element.getBoundingClientRect();
    boxes.push({ id, top: rect.top, bottom: rect.bottom });
  }
  const navbar = document.querySelector('.app-navbar');
  const top = navbar ? Math.max(0, navbar.getBoundingClientRect().bottom) : 0;
  const atBottom = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
  return { boxes, viewport: { top, bottom: window.innerHeight, atBottom } };
}

const inViewNow = (ids: readonly string[]) => {
  const { boxes, viewport } = measure(ids);
  return new Set(sectionsInView(boxes, viewport));
};

/**
 * Reports the section that comes to be at least 30 % in view as the user scrolls (measured once per
 * frame; active-section.ts). Until the user first scrolls, what is in view (as sections arrive:
 * `layoutKey` changes) is taken as already seen, so the active tab starts at welcome. A report the
 * tab state declines (a chosen tab's scroll is running) is dropped: the section chosen stays active.
 */
export function useActiveSectionTracking(sectionIds: readonly string[], report: (id: string) => number, layoutKey: unknown = null): void {
  const key = sectionIds.join(',');
  const inView = useRef<ReadonlySet<string>>(new Set());
  const scrolled = useRef(false);

  useEffect(() => {
    if (!scrolled.current) inView.current = inViewNow(key.split(','));
  }, [key, layoutKey]);

  useEffect(() => {
    const ids = key.split(',');
    let frame = 0;
    const onFrame = () => {
      frame = 0;
      const { boxes, viewport } = measure(ids);
      const pick = pickActiveSection(boxes, viewport, inView.current);
      inView.current = pick.inView;
      if (pick.active) report(pick.active);
    };
    const schedule = (event: Event) => {
      if (event.type === 'scroll') scrolled.current = true;
      if (!frame) frame = window.requestAnimationFrame(onFrame);
    };
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, [key, report]);
}
