/**
 * Registration tokens in paths never reach the request log, nor bearer tokens.
 * Nor e-mail confirmation tokens (`/confirm-email/{token}`).
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@portal/db/testing';
import type { Database } from '@portal/db';
import { buildApp } from '../app.ts';
import { testConfig } from '../testing/build-test-app.ts';
import { maskUrl, requestLogOptions } from './request-log.ts';

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';
const CONFIRM = 'ZyXwVuTsRqPoNmLkJiHgFeDcBa9876543210-_zyxwv';
const BEARER = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJlLXNlY3JldA';

describe('request log', () => {
  let database: Database;
  const lines: string[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('masks registration and e-mail confirmation tokens in paths and redacts the Authorization header', async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const app = await buildApp({ config: testConfig(), database, logger: { ...requestLogOptions('info'), stream } });
    try {
      await app.inject({ method: 'GET', url: `/api/Registration/${TOKEN}` });
      await app.inject({ method: 'POST', url: `/api/Registration/${TOKEN}?x=1`, payload: { action: 'cancel' } });
      await app.inject({ method: 'GET', url: `/register/${TOKEN}`, headers: { authorization: `Bearer ${BEARER}` } });
      await app.inject({ method: 'GET', url: '/api/Report/GetAllRegions', headers: { authorization: `Bearer ${BEARER}` } });
      await app.inject({ method: 'GET', url: `/confirm-email/${CONFIRM}` });
      await app.inject({ method: 'POST', url: `/confirm-email/${CONFIRM}?from=mail`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    } finally {
      await app.close();
    }
    const log = lines.join('');
    expect(log).toContain('/api/Registration/***');
    expect(log).toContain('/register/***');
    expect(log).toContain('/confirm-email/***');
    expect(log).not.toContain(CONFIRM);
    expect(log).not.toContain(TOKEN);
    expect(log).not.toContain(BEARER);
  });

  it('leaves other paths as they are', () => {
    expect(maskUrl('/api/Report/GetAllRegions?x=1')).toBe('/api/Report/GetAllRegions?x=1');
    expect(maskUrl(`/register/${TOKEN}?utm=1`)).toBe('/register/***?utm=1');
    expect(maskUrl(`/confirm-email/${CONFIRM}`)).toBe('/confirm-email/***');
    expect(maskUrl(`/CONFIRM-EMAIL/${CONFIRM}#x`)).toBe('/CONFIRM-EMAIL/***#x');
    expect(maskUrl(`/calendar/${TOKEN}.ics`)).toBe('/calendar/***');
    expect(maskUrl(`/api/Registration/${TOKEN}/Sessions/3/Join`)).toBe('/api/Registration/***/Sessions/3/Join');
  });
});
