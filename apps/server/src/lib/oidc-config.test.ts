import { describe, expect, it } from 'vitest';
import { ConfigError } from '../config.ts';
import { testConfig } from '../testing/build-test-app.ts';
import { oidcProductionProblems } from './oidc-config.ts';

const FULL = {
  OIDC_ISSUER: 'https://login.example.com/tenant/v2.0',
  OIDC_CLIENT_ID: 'portal',
  OIDC_CLIENT_SECRET: 'secret-secret',
  OIDC_ROLE_CLAIM: 'groups',
  OIDC_ROLES: 'portal-organizers=admin,portal-reports=reporting,portal-field=field',
  OIDC_SCOPE_CLAIM: 'portal_scope',
};

function problemsOf(env: Record<string, string>): string[] {
  try {
    testConfig(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

describe('OIDC configuration', () => {
  it('is off with nothing set', () => {
    expect(testConfig().oidc).toBeUndefined();
  });

  it('reads a full configuration', () => {
    const oidc = testConfig(FULL).oidc!;
    expect(oidc.issuer).toBe(FULL.OIDC_ISSUER);
    expect(oidc.scopes).toBe('openid email profile');
    expect([...oidc.roles]).toEqual([
      ['portal-organizers', 'admin'],
      ['portal-reports', 'reporting'],
      ['portal-field', 'field'],
    ]);
    expect(oidc.scopeClaim).toBe('portal_scope');
    expect(oidcProductionProblems(oidc)).toEqual([]);
  });

  it('names the variable that is wrong', () => {
    expect(problemsOf({ OIDC_CLIENT_ID: 'x' })).toEqual([expect.stringMatching(/^OIDC_ISSUER: required/)]);
    expect(problemsOf({ ...FULL, OIDC_ISSUER: 'not a url' })).toEqual([expect.stringMatching(/^OIDC_ISSUER:/)]);
    expect(problemsOf({ ...FULL, OIDC_ISSUER: 'ftp://idp.example.com' })).toEqual([expect.stringMatching(/^OIDC_ISSUER:/)]);
    expect(problemsOf({ ...FULL, OIDC_CLIENT_SECRET: '' })).toEqual([expect.stringMatching(/^OIDC_CLIENT_SECRET:/)]);
    expect(problemsOf({ ...FULL, OIDC_ROLES: 'portal-organizers=root' })).toEqual([expect.stringMatching(/^OIDC_ROLES: "portal-organizers=root"/)]);
    expect(problemsOf({ ...FULL, OIDC_ROLES: 'a=admin,a=field' })).toEqual([expect.stringMatching(/^OIDC_ROLES: group "a" is mapped twice/)]);
    expect(problemsOf({ ...FULL, OIDC_SCOPES: 'email profile' })).toEqual(['OIDC_SCOPES: must include openid']);
    expect(problemsOf({ ...FULL, OIDC_ROLE_CLAIM: '' })).toEqual([expect.stringMatching(/^OIDC_ROLE_CLAIM:/)]);
    expect(problemsOf({ ...FULL, OIDC_CA_FILE: '/nonexistent/ca.pem' })).toEqual([expect.stringMatching(/^OIDC_CA_FILE:/)]);
  });

  it('refuses an http issuer outside demo mode only', () => {
    const oidc = testConfig({ ...FULL, OIDC_ISSUER: 'http://127.0.0.1:9000' }).oidc;
    expect(oidcProductionProblems(oidc)).toEqual([expect.stringMatching(/^OIDC_ISSUER must be an https:\/\/ URL outside demo mode/)]);
  });
});
