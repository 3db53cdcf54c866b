/**
 * Claims to grants (docs/sign-in.md): OIDC_ROLE_CLAIM's values through OIDC_ROLES, and
 * OIDC_SCOPE_CLAIM's value as the report scope in the form organizers set it (report-scope.ts's
 * `StoredReportScope`: `network`, or a level with its code). Read at every sign-in.
 */
import type { StoredReportScope } from '../report-scope/report-scope.ts';
import type { OidcConfig, OidcGrant } from '../../lib/oidc-config.ts';

export type Claims = Record<string, unknown>;

/** A claim's values: a string, or an array of strings (other values are ignored). */
export function claimValues(claims: Claims, name: string): string[] {
  const value = claims[name];
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return [];
}

/** What the person's groups grant, through OIDC_ROLES; groups it does not name grant nothing. */
export function grantsOf(claims: Claims, settings: Pick<OidcConfig, 'roleClaim' | 'roles'>): Set<OidcGrant> {
  const grants = new Set<OidcGrant>();
  for (const group of claimValues(claims, settings.roleClaim)) {
    const grant = settings.roles.get(group);
    if (grant) grants.add(grant);
  }
  return grants;
}

const SCOPE_VALUE = /^(region|zone|district):([A-Za-z0-9]{1,20})$/;

/**
 * The report scope a scope claim grants: `{ scope }` for exactly one well-formed value (the same
 * value twice counts once), `{ problem }` for none, several or a malformed one. Whether the code
 * exists in the network is checked when it is stored (the report-scope service's `setReportUserScope`).
 */
export function scopeOf(values: readonly string[]): { scope: StoredReportScope } | { problem: string } {
  const distinct = [...new Set(values.map((v) => v.trim()).filter(Boolean))];
  if (!distinct.length) return { problem: 'no report scope was granted to your account' };
  if (distinct.length > 1) return { problem: 'your account carries more than one report scope' };
  const value = distinct[0]!;
  if (value === 'network') return { scope: { level: 'network', code: null } };
  const match = SCOPE_VALUE.exec(value);
  if (!match) return { problem: 'your account carries a report scope the portal does not understand' };
  return { scope: { level: match[1] as 'region' | 'zone' | 'district', code: match[2]! } };
}
