/**
 * Company sign-in (docs/sign-in.md): the OIDC_* variables, validated at start. Unset
 * (no OIDC_ISSUER and no other OIDC_* variable): the feature is off and nothing of it shows.
 */
import { readFileSync } from 'node:fs';

/** What a provider group may grant (OIDC_ROLES values). */
export const OIDC_GRANTS = ['admin', 'corporate', 'field', 'reporting'] as const;
export type OidcGrant = (typeof OIDC_GRANTS)[number];

export interface OidcConfig {
  /** The issuer identifier; discovery reads `${issuer}/.well-known/openid-configuration`. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Space-separated, always with `openid`. */
  scopes: string;
  /** The claim holding the person's groups or roles (e.g. `groups`). */
  roleClaim: string;
  /** Claim value (group) -> what it grants. */
  roles: ReadonlyMap<string, OidcGrant>;
  /** The claim holding the report scope (`network`, `region:010`, `zone:011`, `district:011001`); unset: scopes stay as organizers set them. */
  scopeClaim: string | undefined;
  /** PEM certificates to trust for the provider besides the system's (OIDC_CA_FILE; a company CA). */
  ca: string | undefined;
}

const NAMES = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'OIDC_SCOPES', 'OIDC_ROLE_CLAIM', 'OIDC_ROLES', 'OIDC_SCOPE_CLAIM', 'OIDC_CA_FILE'] as const;
const CLAIM_NAME = /^[A-Za-z0-9_.:/-]{1,200}$/;

/**
 * Reads the OIDC_* variables: `undefined` when none is set, otherwise the config or the problems,
 * one per line, each starting with the variable's name.
 */
export function parseOidcEnv(env: Record<string, string | undefined>): { config: OidcConfig | undefined; problems: string[] } {
  const get = (name: (typeof NAMES)[number]) => {
    const v = env[name]?.trim();
    return v ? v : undefined;
  };
  const set = NAMES.filter((n) => get(n) !== undefined);
  if (!set.length) return { config: undefined, problems: [] };
  const problems: string[] = [];
  const issuer = get('OIDC_ISSUER');
  if (!issuer) return { config: undefined, problems: [`OIDC_ISSUER: required when ${set.join(', ')} ${set.length > 1 ? 'are' : 'is'} set (or unset those to turn company sign-in off)`] };
  let issuerUrl: URL | undefined;
  try {
    issuerUrl = new URL(issuer);
  } catch {
    problems.push('OIDC_ISSUER: must be an https:// URL (the issuer identifier, e.g. https://login.microsoftonline.com/<tenant>/v2.0)');
  }
  if (issuerUrl && !['https:', 'http:'].includes(issuerUrl.protocol)) problems.push('OIDC_ISSUER: must be an https:// URL');
  if (issuerUrl && (issuerUrl.search || issuerUrl.hash || issuerUrl.username)) problems.push('OIDC_ISSUER: must be the bare issuer URL, without query, fragment or user');
  const clientId = get('OIDC_CLIENT_ID');
  if (!clientId) problems.push('OIDC_CLIENT_ID: required with OIDC_ISSUER (the application (client) id registered at the provider)');
  const clientSecret = get('OIDC_CLIENT_SECRET');
  if (!clientSecret) problems.push('OIDC_CLIENT_SECRET: required with OIDC_ISSUER (the client secret registered at the provider)');
  const scopes = (get('OIDC_SCOPES') ?? 'openid email profile').split(/\s+/).filter(Boolean);
  if (!scopes.includes('openid')) problems.push('OIDC_SCOPES: must include openid');
  if (scopes.some((s) => !/^[\x21\x23-\x5b\x5d-\x7e]+$/.test(s))) problems.push('OIDC_SCOPES: space-separated scope names only');
  const roleClaim = get('OIDC_ROLE_CLAIM');
  if (!roleClaim) problems.push('OIDC_ROLE_CLAIM: required with OIDC_ISSUER (the claim holding the groups, e.g. groups)');
  else if (!CLAIM_NAME.test(roleClaim)) problems.push('OIDC_ROLE_CLAIM: must be a claim name such as groups');
  const roles = new Map<string, OidcGrant>();
  const rolesText = get('OIDC_ROLES');
  if (!rolesText) problems.push('OIDC_ROLES: required with OIDC_ISSUER, e.g. portal-organizers=admin,portal-reports=reporting');
  else {
    for (const pair of rolesText.split(',').map((p) => p.trim()).filter(Boolean)) {
      const at = pair.lastIndexOf('=');
      const group = at > 0 ? pair.slice(0, at).trim() : '';
      const grant = at > 0 ? pair.slice(at + 1).trim() : '';
      if (!group || !(OIDC_GRANTS as readonly string[]).includes(grant)) {
        problems.push(`OIDC_ROLES: "${pair}" must be group=${OIDC_GRANTS.join('|')}`);
      } else if (roles.has(group)) {
        problems.push(`OIDC_ROLES: group "${group}" is mapped twice`);
      } else roles.set(group, grant as OidcGrant);
    }
  }
  const scopeClaim = get('OIDC_SCOPE_CLAIM');
  if (scopeClaim && !CLAIM_NAME.test(scopeClaim)) problems.push('OIDC_SCOPE_CLAIM: must be a claim name such as portal_scope');
  const caFile = get('OIDC_CA_FILE');
  let ca: string | undefined;
  if (caFile) {
    try {
      ca = readFileSync(caFile, 'utf8');
      if (!ca.includes('-----BEGIN CERTIFICATE-----')) problems.push(`OIDC_CA_FILE: ${caFile} holds no PEM certificate`);
    } catch {
      problems.push(`OIDC_CA_FILE: ${caFile} cannot be read`);
    }
  }
  if (problems.length) return { config: undefined, problems };
  return {
    config: {
      issuer: issuer,
      clientId: clientId!,
      clientSecret: clientSecret!,
      scopes: scopes.join(' '),
      roleClaim: roleClaim!,
      roles,
      scopeClaim,
      ca,
    },
    problems: [],
  };
}

/** The production-mode check (production-mode.ts): outside demo mode the issuer must be https. */
export function oidcProductionProblems(oidc: OidcConfig | undefined): string[] {
  return oidc && !oidc.issuer.startsWith('https://') ? ['OIDC_ISSUER must be an https:// URL outside demo mode (the provider is reached over TLS only).'] : [];
}
