import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useActiveSectionTracking } from './use-active-section.ts';

function section(id: string, top: number, bottom: number): HTMLElement {
  const element = document.createElement('section');
  element.id = id;
  element.getBoundingClientRect = () => ({ top, bottom, height: bottom - top, y: top, x: 0, left: 0, right: 0, width: 0, toJSON: () => ({}) });
  document.body.append(element);
  return element;
}

async function scrollAndFlush(ms = 50) {
  window.dispatchEvent(new Event('scroll'));
  await vi.advanceTimersByTimeAsync(ms);
}

afterEach(() => {
  document.body.innerHTML = '';
  vi.useRealTimers();
});

describe('useActiveSectionTracking', () => {
  it('reports the section at least 30% visible when the page scrolls', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
    Object.defineProperty(window, 'innerHeight', { value: 800, configurable: true });
    section('welcome', -900, 100);
    section('agenda', 100, 1500);
    const report = vi.fn(() => 0);
    renderHook(() => useActiveSectionTracking(['welcome', 'agenda'], report));
    expect(report).not.toHaveBeenCalled(); // the tab starts at welcome; nothing is measured before a scroll
    await scrollAndFlush();
    expect(report).toHaveBeenCalledWith('agenda');
  });

  it('measures again after a declined report (a chosen tab was scrolling)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
    Object.defineProperty(window, 'innerHeight', { value: 800, configurable: true });
    section('welcome', 0, 900);
    const report = vi.fn().mockReturnValueOnce(500).mockReturnValue(0);
    renderHook(() => useActiveSectionTracking(['welcome'], report));
    await scrollAndFlush();
    expect(report).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(600);
    expect(report).toHaveBeenCalledTimes(2);
    expect(report).toHaveBeenLastCalledWith('welcome');
  });
});
