import { describe, expect, it } from 'vitest';
import { ACTIVE_SECTION_THRESHOLD, pickActiveSection, visibleRatio } from './active-section.ts';

const viewport = { top: 80, bottom: 880 }; // 800 px below an 80 px navigation bar

describe('active section', () => {
  it('uses a 30 % threshold', () => {
    expect(ACTIVE_SECTION_THRESHOLD).toBe(0.3);
  });

  it('measures a short section against its own height and a tall one against the viewport', () => {
    expect(visibleRatio({ id: 'a', top: 780, bottom: 980 }, viewport)).toBeCloseTo(0.5);
    expect(visibleRatio({ id: 'a', top: -2000, bottom: 3000 }, viewport)).toBe(1);
    expect(visibleRatio({ id: 'a', top: 900, bottom: 1000 }, viewport)).toBe(0);
  });

  it('picks the most visible section at or above 30 %', () => {
    const boxes = [
      { id: 'welcome', top: -500, bottom: 300 }, // 220 of 800 visible: 0.275
      { id: 'confinfo', top: 300, bottom: 1300 }, // 580 of 800: 0.725
    ];
    expect(pickActiveSection(boxes, viewport)).toBe('confinfo');
  });

  it('keeps the current tab when nothing reaches 30 %', () => {
    const boxes = [
      { id: 'welcome', top: -1000, bottom: 100 }, // 20 of 800
      { id: 'confinfo', top: 860, bottom: 2000 }, // 20 of 800
    ];
    expect(pickActiveSection(boxes, viewport)).toBeNull();
  });

  it('lets a section exactly at 30 % count', () => {
    expect(pickActiveSection([{ id: 'faq', top: 640, bottom: 1440 }], viewport)).toBe('faq'); // 240 of 800
  });

  it('prefers the earlier of equally visible sections, the last one at the bottom of the page', () => {
    const boxes = [
      { id: 'eventarea', top: 100, bottom: 500 },
      { id: 'linktoexpo', top: 500, bottom: 800 },
    ];
    expect(pickActiveSection(boxes, viewport)).toBe('eventarea');
    expect(pickActiveSection(boxes, { ...viewport, atBottom: true })).toBe('linktoexpo');
  });
});
