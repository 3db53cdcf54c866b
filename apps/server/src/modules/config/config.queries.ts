import { asc } from 'drizzle-orm';
import { schema, type DbOrTx } from '@portal/db';

/** Every event, by id: what the runtime config tells the web app about them. */
export async function listEvents(db: DbOrTx): Promise<(typeof schema.events.$inferSelect)[]> {
  return db.select().from(schema.events).orderBy(asc(schema.events.id));
}
