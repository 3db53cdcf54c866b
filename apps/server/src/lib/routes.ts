/** What the routes plugins share: the contract's paths in Fastify's spelling, and answers no cache keeps. */
import type { FastifyInstance } from 'fastify';

/** A Fastify path from the contract's `{param}` spelling (`/api/Admin/People/{id}` → `/api/Admin/People/:id`). */
export const route = (path: string): string => path.replace(/\{(\w+)\}/g, ':$1');

/** Every answer of the plugin's routes goes out with `cache-control: no-store`, so no shared cache or browser keeps it. */
export function answerNoStore(app: Pick<FastifyInstance, 'addHook'>): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    void reply.header('cache-control', 'no-store');
    return payload;
  });
}
