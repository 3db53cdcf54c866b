/**
 * Toasts (docs/design/web-rules.md, section 9): app toasts top-right for 3 seconds. react-toastify loads on the first
 * toast, so pages that never show one (landing, logins) do not download it; toasts raised before
 * the container mounts are queued by react-toastify and shown when it does.
 */
import { useSyncExternalStore } from 'react';

export type ToastKind = 'success' | 'error' | 'info' | 'warning';

export const APP_TOAST_OPTIONS = { position: 'top-right', autoClose: 3000 } as const;

let containerRequested = false;
const listeners = new Set<() => void>();

function requestContainer(): void {
  if (containerRequested) return;
  containerRequested = true;
  for (const listener of listeners) listener();
}

/** Shows a toast; resolves once it is queued. */
export async function showToast(kind: ToastKind, message: string): Promise<void> {
  requestContainer();
  const { toast } = await import('react-toastify/unstyled');
  toast[kind](message, APP_TOAST_OPTIONS);
}

export const notify = {
  success: (message: string) => showToast('success', message),
  error: (message: string) => showToast('error', message),
  info: (message: string) => showToast('info', message),
  warning: (message: string) => showToast('warning', message),
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True once any toast was requested: the app then mounts the toast container. */
export function useToastContainerRequested(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => containerRequested,
    () => false,
  );
}
