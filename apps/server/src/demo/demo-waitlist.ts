/**
 * The demo's waiting list (docs/waiting-lists.md): a per-store access code `SEATS27` of nbc for the
 * last store of the network (not a store of the README's demo accounts), its 2 seats taken (one enrolled, one
 * offered), and three people in its queue: the one offered a place and two waiting. The events themselves stay open. Loaded in demo
 * mode after the demo data, once (a meta key), so the test seeds stay as they were.
 */
import { desc, sql } from 'drizzle-orm';
import { rowsOf, schema, type DbOrTx } from '@portal/db';
import { demoEvent, loadOnce } from './demo-once.ts';
import { hashAccessCode } from '../lib/access-code.ts';

export const DEMO_WAITLIST_CODE = 'SEATS27';
const META_KEY = 'demo_waitlist';

export async function loadDemoWaitlist(db: DbOrTx, options: { codeHashKey: Uint8Array; now?: Date }): Promise<boolean> {
  const now = options.now ?? new Date();
  return loadOnce(db, META_KEY, async (tx) => {
    const [store] = await tx.select().from(schema.stores).orderBy(desc(schema.stores.dlrnum)).limit(1);
    const event = await demoEvent(tx, 'nbc');
    if (!store || !event || store.dlrnum === '10001') return null;
    const [code] = await tx
      .insert(schema.accessCodes)
      .values({
        eventId: 'nbc',
        codeHash: hashAccessCode(DEMO_WAITLIST_CODE, options.codeHashKey),
        label: `Store ${store.dlrnum} guests`,
        policies: [],
        regType: 'DLR',
        attendeeType: 'dealer',
        personCategory: 'dealer_staff',
        requiresRoster: false,
        agendaGroup: 'dealer',
        storeDlrnum: store.dlrnum,
        seats: 2,
      })
      .returning();
    const names: Array<[string, string, 'Enrolled' | 'Offered' | 'Waitlisted']> = [
      ['Avery', 'Seatholder', 'Enrolled'],
      ['Casey', 'Waiting', 'Offered'],
      ['Devon', 'Waiting', 'Waitlisted'],
      ['Emery', 'Waiting', 'Waitlisted'],
    ];
    let i = 0;
    for (const [firstName, lastName, status] of names) {
      i += 1;
      const email = `${firstName}.${lastName}@store-${store.dlrnum}.example.com`.toLowerCase();
      const [person] = await tx.insert(schema.people).values({ email, firstName, lastName, storeDlrnum: store.dlrnum, category: 'dealer_staff' }).returning();
      const [order] = rowsOf<{ n: string }>(await tx.execute(sql`select nextval('registration_waitlist_seq')::text as n`));
      const waiting = status !== 'Enrolled';
      const waitlistedAt = new Date(now.getTime() - (10 - i) * 3_600_000);
      await tx.insert(schema.registrations).values({
        eventId: 'nbc',
        attendeeId: person!.id,
        storeDlrnum: store.dlrnum,
        registeredById: person!.id,
        attendeeType: 'dealer',
        status,
        enrolledAt: waiting ? null : new Date(now.getTime() - 86_400_000),
        isVirtual: true,
        providerRef: `pr_demo_waitlist_${i}`,
        accessCodeId: code!.id,
        waitlistedAt: waiting ? waitlistedAt : null,
        waitlistOrder: status === 'Waitlisted' ? order!.n : null,
        waitlistCodeId: waiting ? code!.id : null,
        offeredAt: status === 'Offered' ? now : null,
        offerExpiresAt: status === 'Offered' ? new Date(now.getTime() + event.waitlistOfferMinutes * 60_000) : null,
      });
    }
    return { code: DEMO_WAITLIST_CODE, store: store.dlrnum };
  });
}
