/**
 * The webhook address policy (docs/webhooks.md): what stays refused even with
 * WEBHOOK_ALLOW_PRIVATE=true, and IPv6 forms that dress an internal IPv4 address up.
 */
import { describe, expect, it } from 'vitest';
import { addressProblem, checkEndpointUrl, type AddressPolicy } from './address-policy.ts';

const STRICT: AddressPolicy = { allowPrivate: false, allowLoopback: false, allowHttp: false };
const PRIVATE: AddressPolicy = { allowPrivate: true, allowLoopback: true, allowHttp: true };
const noLookup = async (): Promise<string[]> => {
  throw new Error('no lookup expected for an IP literal');
};

describe('the webhook address policy', () => {
  it('refuses IPv4-compatible IPv6 addresses, in every policy', async () => {
    for (const policy of [STRICT, PRIVATE]) {
      expect(await checkEndpointUrl('https://[::127.0.0.1]/hook', policy, noLookup)).toMatch(/IPv4-compatible/);
      expect(await checkEndpointUrl('https://[::7f00:1]:8080/hook', policy, noLookup)).toMatch(/IPv4-compatible/);
      expect(await checkEndpointUrl('https://[::10.0.0.5]/hook', policy, noLookup)).toMatch(/IPv4-compatible/);
      expect(addressProblem('::7f00:1', policy)).toMatch(/IPv4-compatible.*127\.0\.0\.1/);
    }
  });

  it('refuses cloud metadata addresses even with WEBHOOK_ALLOW_PRIVATE=true, in any IPv6 dress', async () => {
    for (const address of ['169.254.169.254', '::ffff:169.254.169.254', '::a9fe:a9fe', '64:ff9b::a9fe:a9fe', 'fd00:ec2::254', '169.254.170.2', '100.100.100.200']) {
      expect(addressProblem(address, PRIVATE), address).toMatch(/metadata/);
      expect(addressProblem(address, STRICT), address).not.toBeNull();
    }
    expect(await checkEndpointUrl('http://169.254.169.254/latest/meta-data/', PRIVATE, noLookup)).toMatch(/metadata/);
    // A name that resolves there is refused the same way.
    expect(await checkEndpointUrl('https://crm.internal.example/hook', PRIVATE, async () => ['10.0.0.7', '169.254.169.254'])).toMatch(/metadata/);
  });

  it('still lets WEBHOOK_ALLOW_PRIVATE reach internal receivers, and the strict policy public ones', async () => {
    expect(await checkEndpointUrl('http://10.1.2.3:8080/hook', PRIVATE, noLookup)).toBeNull();
    expect(await checkEndpointUrl('http://[::1]:8080/hook', PRIVATE, noLookup)).toBeNull();
    expect(await checkEndpointUrl('https://crm.example.com/hook', STRICT, async () => ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'])).toBeNull();
    expect(await checkEndpointUrl('https://[::ffff:10.0.0.1]/hook', STRICT, noLookup)).toMatch(/private/);
  });
});
