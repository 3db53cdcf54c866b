import { describe, expect, it } from 'vitest';
import { ACTIVE_SECTION_THRESHOLD, pickActiveSection, sectionsInView, visibleRatio } from './active-section.ts';

const viewport = { top: 80, bottom: 880 }; // 800 px below an 80 px navigation bar
const none = new Set<string>();

describe('active section', () => {
  it('uses a 30 % threshold (docs/design/web-rules.md, section 9: "Active section threshold 0.3")', () => {
    expect(ACTIVE_SECTION_THRESHOLD).toBe(0.3);
  });

  it('measures a short section against its own height and a tall one against the viewport', () => {
    expect(visibleRatio({ id: 'a', top: 780, bottom: 980 }, viewport)).toBeCloseTo(0.5);
    expect(visibleRatio({ id: 'a', top: -2000, bottom: 3000 }, viewport)).toBe(1);
    expect(visibleRatio({ id: 'a', top: 900, bottom: 1000 }, viewport)).toBe(0);
  });

  // Section 2 of docs/design/web-rules.md: "The active tab follows the section at least 30% visible", not the most
  // visible section.
  it('makes the section that comes to be 30 % in view active, though another is more visible', () => {
    const boxes = [
      { id: 'welcome', top: -100, bottom: 600 }, // 520 of 700: 0.74, in view before
      { id: 'confinfo', top: 600, bottom: 1600 }, // 280 of 800: 0.35, just came into view
    ];
    expect(pickActiveSection(boxes, viewport, new Set(['welcome']))).toEqual({ active: 'confinfo', inView: new Set(['welcome', 'confinfo']) });
  });

  it('keeps the current tab while the sections in view stay the same, whichever is most visible', () => {
    const boxes = [
      { id: 'welcome', top: -500, bottom: 300 }, // 220 of 800: 0.275
      { id: 'confinfo', top: 300, bottom: 1300 }, // 580 of 800: 0.725
    ];
    expect(pickActiveSection(boxes, viewport, new Set(['confinfo'])).active).toBeNull();
  });

  it('makes a section active again when it comes back into view (scrolling up)', () => {
    const boxes = [
      { id: 'welcome', top: -400, bottom: 400 }, // 320 of 800: 0.4
      { id: 'confinfo', top: 400, bottom: 1400 }, // 480 of 800: 0.6
    ];
    expect(pickActiveSection(boxes, viewport, new Set(['confinfo'])).active).toBe('welcome');
  });

  it('keeps the current tab when nothing reaches 30 %', () => {
    const boxes = [
      { id: 'welcome', top: -1000, bottom: 100 }, // 20 of 800
      { id: 'confinfo', top: 860, bottom: 2000 }, // 20 of 800
    ];
    expect(pickActiveSection(boxes, viewport, none)).toEqual({ active: null, inView: new Set() });
  });

  it('lets a section exactly at 30 % count', () => {
    expect(pickActiveSection([{ id: 'faq', top: 640, bottom: 1440 }], viewport, none).active).toBe('faq'); // 240 of 800
  });

  it('gives the first in page order when several come into view at once (a jump), the last at the bottom of the page', () => {
    const boxes = [
      { id: 'eventarea', top: 100, bottom: 500 },
      { id: 'linktoexpo', top: 500, bottom: 800 },
    ];
    expect(sectionsInView(boxes, viewport)).toEqual(['eventarea', 'linktoexpo']);
    expect(pickActiveSection(boxes, viewport, none).active).toBe('eventarea');
    expect(pickActiveSection(boxes, { ...viewport, atBottom: true }, none).active).toBe('linktoexpo');
  });
});
