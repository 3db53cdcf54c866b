import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithIntl } from '../testing/intl.tsx';
import { CHUNK_TIMEOUT_MS, ChunkErrorBoundary, ChunkLoadTimeoutError, lazyPage, withTimeout } from './lazy-page.tsx';

describe('lazy pages', () => {
  it('time out after 120 s', async () => {
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
    vi.useFakeTimers();
    try {
      const never = new Promise<never>(() => undefined);
      const result = withTimeout(never, CHUNK_TIMEOUT_MS).catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
      let settled = false;
      void result.then(() => (settled = true));
      await vi.advanceTimersByTimeAsync(0);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await result).toBeInstanceOf(ChunkLoadTimeoutError);
    } finally {
      vi.useRealTimers();
    }
  });

  it('show a retry message, not a blank page, when a chunk fails to load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Broken = lazyPage(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    await act(async () => {
      renderWithIntl(
        <ChunkErrorBoundary>
          <Suspense fallback={<p>loading</p>}>
            <Broken />
          </Suspense>
        </ChunkErrorBoundary>,
      );
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('This page could not be loaded');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('load the page once and share the download with preload()', async () => {
    const load = vi.fn(async () => ({ default: () => <p>Loaded page</p> }));
    const Page = lazyPage(load);
    await Page.preload();
    await act(async () => {
      render(
        <Suspense fallback={<p>loading</p>}>
          <Page />
        </Suspense>,
      );
    });
    expect(await screen.findByText('Loaded page')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
