import { useEffect } from 'react';
import { pickActiveSection, type SectionBox } from '../utils/active-section.ts';

/**
 * Reports the section at least 30% visible as the user scrolls (measured once per frame). When the
 * report is declined (a chosen tab's scroll is running) it measures again once that is over.
 */
export function useActiveSectionTracking(sectionIds: readonly string[], report: (id: string) => number): void {
  const key = sectionIds.join(',');
  useEffect(() => {
    const ids = key.split(',');
    let frame = 0;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const measure = () => {
      frame = 0;
      const boxes: SectionBox[] = [];
      for (const id of ids) {
        const element = document.getElementById(id);
        if (!element) continue;
        const rect = element.getBoundingClientRect();
        boxes.push({ id, top: rect.top, bottom: rect.bottom });
      }
      const navbar = document.querySelector('.app-navbar');
      const top = navbar ? Math.max(0, navbar.getBoundingClientRect().bottom) : 0;
      const scroller = document.documentElement;
      const atBottom = window.innerHeight + window.scrollY >= scroller.scrollHeight - 2;
      const active = pickActiveSection(boxes, { top, bottom: window.innerHeight, atBottom });
      const wait = active ? report(active) : 0;
      clearTimeout(retry);
      if (wait > 0) retry = setTimeout(schedule, wait + 20);
    };
    const schedule = () => {
      if (!frame) frame = window.requestAnimationFrame(measure);
    };
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      if (frame) window.cancelAnimationFrame(frame);
      clearTimeout(retry);
    };
  }, [key, report]);
}
