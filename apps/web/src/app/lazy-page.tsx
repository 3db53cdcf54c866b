/**
 * Route chunks load lazily with a 120 s time-out (docs/design/web-rules.md, section 2). A chunk that fails or times out
 * shows a retry message instead of a blank page.
 */
import { Component, lazy, type ComponentType, type ErrorInfo, type LazyExoticComponent, type ReactNode } from 'react';
import { releaseFirstPaint } from '../lib/first-paint.ts';
import { useT } from '../i18n/use-t.ts';

export const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkLoadTimeoutError extends Error {
  override readonly name = 'ChunkLoadTimeoutError';
}

export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadTimeoutError(`Loading took longer than ${ms / 1000} s.`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

type PageModule = { default: ComponentType };

export type LazyPage = LazyExoticComponent<ComponentType> & { preload: () => Promise<PageModule> };

/** A lazily loaded page; `preload()` starts the download early (e.g. the shell and its page together). */
export function lazyPage(load: () => Promise<PageModule>, timeoutMs = CHUNK_TIMEOUT_MS): LazyPage {
  let pending: Promise<PageModule> | undefined;
  const preload = () => {
    pending ??= withTimeout(load(), timeoutMs).catch((error: unknown) => {
      pending = undefined; // a later retry downloads again
      throw error;
    });
    return pending;
  };
  return Object.assign(lazy(preload), { preload });
}

/** The retry message, in the page's language (the boundary sits inside the app's messages). */
function PageFailed() {
  const t = useT();
  return (
    <div className="container py-5" role="alert">
      <h1 className="h4">{t('app.pageFailed.title')}</h1>
      <p>{t('app.pageFailed.body')}</p>
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        {t('app.retry')}
      </button>
    </div>
  );
}

interface ChunkErrorBoundaryState {
  error: Error | null;
}

/** Catches a failed chunk (or a page that crashed) and offers a reload. */
export class ChunkErrorBoundary extends Component<{ children: ReactNode }, ChunkErrorBoundaryState> {
  override state: ChunkErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: Error): ChunkErrorBoundaryState {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    // The message is the page now: the server's login header must not lie over it.
    releaseFirstPaint();
    console.error('Page failed to load', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return <PageFailed />;
  }
}
