import { useEffect } from 'react';
import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ActiveTabProvider, useActiveTab, type ActiveTabState } from './active-tab.tsx';

/** The tab state as the last render saw it. */
const seen: { state?: ActiveTabState } = {};

function Probe() {
  const tabs = useActiveTab();
  useEffect(() => {
    seen.state = tabs;
  });
  return null;
}

const state = () => seen.state!;

const scrollIntoView = Element.prototype.scrollIntoView;

beforeEach(() => {
  Element.prototype.scrollIntoView = vi.fn();
  const faq = document.createElement('section');
  faq.id = 'faq';
  faq.tabIndex = -1;
  document.body.append(faq);
  render(
    <ActiveTabProvider>
      <Probe />
    </ActiveTabProvider>,
  );
});

afterEach(() => {
  Element.prototype.scrollIntoView = scrollIntoView;
  document.getElementById('faq')?.remove();
});

describe('a chosen tab and the scroll tracker', () => {
  it('keeps the chosen tab while its scroll runs: the tracker is told to wait', () => {
    act(() => state().scrollToSection('faq'));
    expect(state().activeTab).toBe('faq');
    let wait = 0;
    act(() => {
      wait = state().reportVisibleSection('agenda');
    });
    expect(wait).toBeGreaterThan(0);
    expect(state().activeTab).toBe('faq');
  });

  it('lets the tracker mark sections at once after the user takes over the scrolling (Home pressed)', () => {
    act(() => state().scrollToSection('faq'));
    act(() => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Home' }));
    });
    let wait = -1;
    act(() => {
      wait = state().reportVisibleSection('welcome');
    });
    expect(wait).toBe(0);
    expect(state().activeTab).toBe('welcome');
  });
});
