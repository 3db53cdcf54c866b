/**
 * Failure budgets under a guessing attack: 10,000 wrong logins from 1,000 client
 * addresses against 5 shared access codes, while 50 rightful users log in, each from an address of
 * their own. All 50 must get in, and the guesses the server checked (answered "not valid" rather
 * than 429) must stay within the budgets: per code at most the shared budget plus one per address
 * that tried it (LOGIN_FAILURES_PER_CODE_HOUR + addresses), and per address and code at most
 * LOGIN_FAILURES_PER_CODE_IP_HOUR.
 *
 * The server is the real app listening on loopback with TRUST_PROXY=1, and each request names its
 * client address in X-Forwarded-For (as a load balancer would): the budgets are the defaults.
 *   npx tsx bench/login/budgets.bench.ts [--engine pglite|postgres|both] [--concurrency 20]
 */
import { isNotNull, sql } from 'drizzle-orm';
import { rowsOf, schema } from '@portal/db';
import { startBenchServer, type Engine } from '../lib/bench-server.ts';

const args = new Map(process.argv.slice(2).map((a, i, all) => [a, all[i + 1] ?? '']));
const engineArg = args.get('--engine') ?? 'both';
const engines: Engine[] = engineArg === 'both' ? ['pglite', 'postgres'] : [engineArg as Engine];
const concurrency = Number(args.get('--concurrency') ?? 20);

const ATTACK = 10_000;
const ADDRESSES = 1_000;
const RIGHTFUL = 50;
/** The defaults of config.ts. */
const PER_CODE = 500;
const PER_CODE_IP = 100;

for (const engine of engines) {
  const server = await startBenchServer(engine, 500, { TRUST_PROXY: '1', LOGIN_FAILURES_PER_IP_HOUR: '1000' });
  try {
    const dealers = await server.database.db
      .select({ email: schema.people.email })
      .from(schema.people)
      .where(isNotNull(schema.people.storeDlrnum))
      .orderBy(schema.people.id)
      .limit(RIGHTFUL + 200);
    // Five shared codes; each guess is a misfit: an unknown e-mail with a roster code, or a dealer's
    // e-mail with a code of another category.
    const codes = ['DEALER27', 'RETAIL27', 'FIELD27', 'CORP27', 'VENDOR27'];
    const rightful = dealers.slice(0, RIGHTFUL).map((d, i) => ({ email: d.email, code: i % 2 ? 'RETAIL27' : 'DEALER27', address: `203.0.113.${i + 1}` }));
    const victims = dealers.slice(RIGHTFUL).map((d) => d.email);
    // Address a (0..999) guesses 10 times against code a % 5.
    const attack = Array.from({ length: ATTACK }, (_, n) => {
      const a = n % ADDRESSES;
      const round = Math.floor(n / ADDRESSES);
      const code = codes[a % codes.length]!;
      const email = code === 'DEALER27' || code === 'RETAIL27' ? `guess.${a}.${round}@elsewhere.example.com` : victims[(a + round) % victims.length]!;
      return { email, code, address: `198.18.${Math.floor(a / 250)}.${(a % 250) + 1}` };
    });
    // One rightful login after every 200 guesses.
    const plan: Array<{ email: string; code: string; address: string; rightful: boolean }> = [];
    attack.forEach((g, i) => {
      plan.push({ ...g, rightful: false });
      if ((i + 1) % (ATTACK / RIGHTFUL) === 0) plan.push({ ...rightful[(i + 1) / (ATTACK / RIGHTFUL) - 1]!, rightful: true });
    });

    const results: Array<{ code: string; address: string; rightful: boolean; status: number; succeeded: boolean }> = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < plan.length) {
          const item = plan[next++]!;
          const res = await fetch(`${server.url}/User/ProcessLogin`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': item.address },
            body: JSON.stringify({ userName: item.email, password: item.code, eventType: 'nbc', IsReporting: false }),
          });
          const body = (await res.json()) as { succeeded?: boolean };
          results.push({ code: item.code, address: item.address, rightful: item.rightful, status: res.status, succeeded: body.succeeded === true });
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;

    const guesses = results.filter((r) => !r.rightful);
    const perCode = Object.fromEntries(
      codes.map((code) => {
        const mine = guesses.filter((g) => g.code === code);
        const addresses = new Set(mine.map((g) => g.address)).size;
        const checked = mine.filter((g) => g.status === 200).length;
        return [code, { tried: mine.length, checked, refused429: mine.filter((g) => g.status === 429).length, addresses, bound: PER_CODE + addresses, succeeded: mine.filter((g) => g.succeeded).length }];
      }),
    );
    const perAddressCode = new Map<string, number>();
    for (const g of guesses) if (g.status === 200) perAddressCode.set(`${g.address} ${g.code}`, (perAddressCode.get(`${g.address} ${g.code}`) ?? 0) + 1);
    const maxPerAddressCode = Math.max(...perAddressCode.values());
    const rightfulIn = results.filter((r) => r.rightful && r.succeeded).length;

    await new Promise((resolve) => setTimeout(resolve, 200));
    const audited = rowsOf<{ success: boolean; n: number }>(
      await server.database.db.execute(sql`select success, count(*)::int as n from audit_log where action = 'login' group by success`),
    );
    const summary = {
      engine,
      seconds: +seconds.toFixed(1),
      requests: results.length,
      rightfulIn: `${rightfulIn}/${RIGHTFUL}`,
      guessesChecked: guesses.filter((g) => g.status === 200).length,
      guessesRefused429: guesses.filter((g) => g.status === 429).length,
      guessesSucceeded: guesses.filter((g) => g.succeeded).length,
      perCode,
      maxCheckedPerAddressAndCode: maxPerAddressCode,
      auditedLogins: Object.fromEntries(audited.map((r) => [r.success ? 'succeeded' : 'refused', r.n])),
    };
    console.log(JSON.stringify(summary, null, 1));
    const overBudget = Object.entries(perCode).filter(([, c]) => c.checked > c.bound);
    if (rightfulIn !== RIGHTFUL) throw new Error(`only ${rightfulIn} of ${RIGHTFUL} rightful users got in`);
    if (overBudget.length) throw new Error(`guesses checked beyond the budget: ${JSON.stringify(overBudget)}`);
    if (maxPerAddressCode > PER_CODE_IP) throw new Error(`an address had ${maxPerAddressCode} guesses checked against one code`);
  } finally {
    await server.close();
  }
}
