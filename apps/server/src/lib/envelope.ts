import type { Envelope } from '@portal/contracts';

export function ok<T>(data: T, message: string | null = null): Envelope<T> {
  return { succeeded: true, message, data };
}

export function failed(message: string): Envelope<never> {
  return { succeeded: false, message, data: null };
}
