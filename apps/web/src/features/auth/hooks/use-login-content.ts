import { useEffect, useState } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';

/**
 * How long a sign-in screen waits for its content before it shows the form with the built-in
 * texts. The content client retries a failing service for up to half a minute; nobody should
 * wait that long to sign in.
 */
export const LOGIN_CONTENT_WAIT_MS = 2500;

/** The screen's content item (null when it has none or failed) and whether to show the form yet. */
export function useLoginContent<T>(query: Pick<UseQueryResult<T | null>, 'data' | 'isError'>): { content: T | null; ready: boolean } {
  const settled = query.data !== undefined || query.isError;
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    if (settled) return;
    const timer = setTimeout(() => setWaited(true), LOGIN_CONTENT_WAIT_MS);
    return () => clearTimeout(timer);
  }, [settled]);
  return { content: query.data ?? null, ready: settled || waited };
}
