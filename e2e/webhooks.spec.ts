/**
 * Webhooks out, as an organizer sees them: an endpoint added in the console for a
 * receiver this test starts on loopback (demo mode allows it), a test event sent, refused once by
 * the receiver and delivered on the retry, both attempts listed; the receiver checks the signature
 * with the `standardwebhooks` package and the secret the console showed once.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { expect, seriousA11yViolations, signInOrganizer, snap, test } from './fixtures.ts';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  status: number;
}

test.describe('webhooks', () => {
  let server: Server;
  let url = '';
  const received: Received[] = [];

  test.beforeAll(async () => {
    const tries = new Map<string, number>();
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const id = String(req.headers['webhook-id']);
        const n = (tries.get(id) ?? 0) + 1;
        tries.set(id, n);
        // The first try of each delivery fails; the retry is accepted.
        const status = n === 1 ? 503 : 200;
        received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), status });
        res.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/portal-hooks`;
  });
  test.afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  test('an organizer adds an endpoint, sends a test event, and sees the delivery and its retry', async ({ page }) => {
    await signInOrganizer(page);

    await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Webhooks' }).click();
    await expect(page.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    // A refused address is explained next to the field.
    await page.getByLabel('URL').fill('http://169.254.169.254/latest/meta-data');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(page.getByRole('alert')).toContainText('metadata');
    await page.getByLabel('URL').fill(url);
    await page.getByLabel('Description').fill('Travel desk');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const secret = (await page.getByTestId('webhook-secret').textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByTestId('webhook-secret')).toHaveCount(0);

    await page.getByRole('button', { name: `Send a test event to ${url}` }).click();
    await expect(page.getByRole('status')).toContainText('Test event queued');
    const deliveries = page.getByRole('table', { name: 'Deliveries' });
    const row = deliveries.getByRole('row').filter({ hasText: 'webhook.test' });
    await expect(row).toContainText(/pending/i);
    // Refused once (503), retried after the back-off (about 10 s), delivered.
    await expect(row.getByRole('list')).toContainText('503', { timeout: 30_000 });
    await expect(row).toContainText(/delivered/i, { timeout: 45_000 });
    await expect(row.getByRole('listitem')).toHaveCount(2);
    await expect(row.getByRole('listitem').nth(1)).toContainText('200');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await snap(page, 'admin-webhooks');

    // What arrived: the same webhook-id twice, signed with the secret shown once.
    expect(received.map((r) => r.status)).toEqual([503, 200]);
    expect(received[0]!.headers['webhook-id']).toBe(received[1]!.headers['webhook-id']);
    const payload = new Webhook(secret).verify(received[1]!.body, received[1]!.headers as Record<string, string>);
    expect(payload).toMatchObject({ type: 'webhook.test', data: { message: expect.any(String) } });
  });
});
