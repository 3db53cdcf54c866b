import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useActiveSectionTracking } from './use-active-section.ts';

function section(id: string, top: number, bottom: number): HTMLElement {
  const element = document.createElement('section');
  element.id = id;
  place(element, top, bottom);
  document.body.append(element);
  return element;
}

function place(element: HTMLElement, top: number, bottom: number) {
  element.getBoundingClientRect = () => ({ top, bottom, height: bottom - top, y: top, x: 0, left: 0, right: 0, width: 0, toJSON: () => ({}) });
}

async function scrollAndFlush(ms = 50) {
  window.dispatchEvent(new Event('scroll'));
  await vi.advanceTimersByTimeAsync(ms);
}

// A window 800 px high; the scroll handler's frame and timers run when a test says so.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
  Object.defineProperty(window, 'innerHeight', { value: 800, configurable: true });
});

afterEach(() => {
  document.body.innerHTML = '';
  vi.useRealTimers();
});

describe('useActiveSectionTracking', () => {
  it('reports the section that comes to be at least 30% visible when the page scrolls', async () => {
    const welcome = section('welcome', 0, 900);
    const agenda = section('agenda', 900, 2300);
    const report = vi.fn(() => 0);
    renderHook(() => useActiveSectionTracking(['welcome', 'agenda'], report));
    expect(report).not.toHaveBeenCalled(); // the tab starts at welcome; nothing is reported before a scroll
    await scrollAndFlush();
    expect(report).not.toHaveBeenCalled(); // welcome was in view already
    place(welcome, -900, 100);
    place(agenda, 100, 1500);
    await scrollAndFlush();
    expect(report).toHaveBeenCalledWith('agenda');
  });

  // Section 2 of docs/design/web-rules.md: "The active tab follows the section at least 30% visible".
  it('reports a section reaching 30 % while the one above is still the most visible', async () => {
    const welcome = section('welcome', 0, 900);
    const agenda = section('agenda', 900, 2900);
    const report = vi.fn(() => 0);
    renderHook(() => useActiveSectionTracking(['welcome', 'agenda'], report));
    place(welcome, -250, 650); // 650 of 800 visible: 0.81
    place(agenda, 650, 2650); // 150 of 800: 0.19
    await scrollAndFlush();
    expect(report).not.toHaveBeenCalled();
    place(welcome, -300, 550); // 550 of 800: 0.69, still the most visible
    place(agenda, 550, 2550); // 250 of 800: 0.31
    await scrollAndFlush();
    expect(report).toHaveBeenCalledTimes(1);
    expect(report).toHaveBeenCalledWith('agenda');
  });

  it('takes sections that arrive in view before any scroll as seen (the tab stays at welcome)', async () => {
    section('welcome', 0, 400);
    const report = vi.fn(() => 0);
    const { rerender } = renderHook(({ shown }) => useActiveSectionTracking(['welcome', 'confinfo'], report, shown), { initialProps: { shown: 1 } });
    section('confinfo', 400, 700);
    rerender({ shown: 2 });
    window.dispatchEvent(new Event('resize'));
    await vi.advanceTimersByTimeAsync(50);
    expect(report).not.toHaveBeenCalled();
  });

  it('drops a report the tab state declines (a chosen tab was scrolling) and does not repeat it', async () => {
    const faq = section('faq', 900, 1800);
    const report = vi.fn().mockReturnValueOnce(500).mockReturnValue(0);
    renderHook(() => useActiveSectionTracking(['faq'], report));
    place(faq, 0, 900);
    await scrollAndFlush();
    expect(report).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(600);
    await scrollAndFlush();
    expect(report).toHaveBeenCalledTimes(1);
  });
});
