import type { FastifyReply } from 'fastify';
import type { Envelope } from '@portal/contracts';

export function ok<T>(data: T, message: string | null = null): Envelope<T> {
  return { succeeded: true, message, data };
}

/** A 201 answer: the status set on `reply`, `data` in the envelope. */
export function created<T>(reply: FastifyReply, data: T): Envelope<T> {
  void reply.code(201);
  return ok(data);
}

export function failed(message: string): Envelope<never> {
  return { succeeded: false, message, data: null };
}
