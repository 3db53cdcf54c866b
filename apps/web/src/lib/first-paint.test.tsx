import { screen } from '@testing-library/react';
import { renderWithIntl as render } from '../testing/intl.tsx';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkErrorBoundary } from '../app/lazy-page.tsx';
import { mockApi, renderApp } from '../testing/render-app.tsx';
import { WelcomeSection } from '../features/content-pages/components/welcome-section.tsx';
import { contentMessages } from '../features/content-pages/messages.ts';

/** What the server puts before #root on /nbc (static-web.ts firstPaintBody). */
function serverHeader(path: string): HTMLElement {
  const overlay = document.createElement('div');
  overlay.id = 'first-paint';
  overlay.className = 'first-paint';
  overlay.dataset.path = path;
  overlay.innerHTML = '<header class="login-header"><div class="container py-2"></div><img class="event-banner" alt="" src="/b.svg"></header>';
  document.body.prepend(overlay);
  return overlay;
}

/** What the server puts after the header on /nbc/welcome: the letter's opening over the page. */
function serverLetter(): HTMLElement {
  const overlay = document.createElement('div');
  overlay.id = 'first-paint-content';
  overlay.className = 'first-paint first-paint-content';
  overlay.innerHTML = '<div class="letter-text"><p>Dear partner,</p></div>';
  document.body.prepend(overlay);
  return overlay;
}

describe('the server-sent login header', () => {
  afterEach(() => {
    document.getElementById('first-paint')?.remove();
    document.getElementById('first-paint-content')?.remove();
  });

  it('stays until the login page has its own header, then goes', async () => {
    const overlay = serverHeader('/nbc');
    mockApi();
    renderApp('/nbc');
    // While the page loads, the server's header is what shows.
    expect(document.getElementById('first-paint')).toBe(overlay);
    await screen.findByRole('heading', { level: 1, name: 'Sign In to the National Business Conference 2027' });
    await expect.poll(() => document.getElementById('first-paint')).toBeNull();
    // The page's own header has the same images in the same place.
    expect(document.querySelector('header.login-header img.event-banner')).not.toBeNull();
  });

  it('goes at once on a path it was not made for (a redirect)', async () => {
    serverHeader('/abc');
    mockApi();
    renderApp('/nbc');
    await expect.poll(() => document.getElementById('first-paint')).toBeNull();
  });

  it('goes when a page fails to load, so the retry message is not under it', async () => {
    serverHeader('/nbc');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Broken(): never {
      throw new Error('chunk failed');
    }
    render(
      <ChunkErrorBoundary>
        <Broken />
      </ChunkErrorBoundary>,
    );
    await expect.poll(() => document.getElementById('first-paint')).toBeNull();
  });

  it('goes at once when it was drawn in another language than the page’s', async () => {
    serverHeader('/nbc').dataset.lang = 'fr-CA';
    mockApi();
    renderApp('/nbc');
    await expect.poll(() => document.getElementById('first-paint')).toBeNull();
  });

  it('the welcome letter’s opening stays while the letter loads and goes when the section has it, or knows it has none', () => {
    serverLetter();
    const { rerender } = render(<WelcomeSection title="Welcome" data={undefined} failed={false} pending />, contentMessages);
    expect(document.getElementById('first-paint-content')).not.toBeNull();
    rerender(<WelcomeSection title="Welcome" data={undefined} failed pending={false} />);
    expect(document.getElementById('first-paint-content')).toBeNull();
  });

  it('the letter’s opening goes with the header when the page is not the one it was drawn for', async () => {
    serverHeader('/nbc/welcome');
    serverLetter();
    mockApi();
    renderApp('/nbc');
    await expect.poll(() => document.getElementById('first-paint-content')).toBeNull();
  });
});
