/**
 * Every route of the route table (docs/design/web-rules.md, section 2), typed, for links, redirects and tests.
 * Builders encode their parameters; `pattern` fields are the router's path patterns.
 */
const enc = encodeURIComponent;

export const paths = {
  landing: '/',
  nbcLogin: '/nbc',
  abcLogin: '/abc',
  reportLogin: '/reportLogin',
  /** Where company sign-in (OpenID Connect) hands the browser its one-time code, in the fragment. */
  companySignIn: '/companySignIn',
  /** The organizer console (its pages: features/admin/admin-paths.ts). */
  admin: '/admin',
  welcome: '/nbc/welcome',
  enrollment: '/nbc/enrollment',
  dashboard: '/nbc/dashboard',
  /** The attendee's program (docs/sessions.md), a tab beside Agenda. */
  sessions: '/nbc/sessions',
  abcSessions: '/abc/sessions',
  register: {
    pattern: '/register/:token',
    build: (token: string) => `/register/${enc(token)}`,
  },
  reporting: {
    root: '/nbc/reporting',
    region: '/nbc/reporting/region',
    zone: (region: string) => `/nbc/reporting/region/${enc(region)}/zone`,
    district: (region: string, zone: string) => `/nbc/reporting/region/${enc(region)}/zone/${enc(zone)}/district`,
    detail: (region: string, zone: string, district: string) =>
      `/nbc/reporting/region/${enc(region)}/zone/${enc(zone)}/district/${enc(district)}/`,
    candidate: '/nbc/reporting/candidate',
    field: '/nbc/reporting/field',
    corporate: '/nbc/reporting/corporate',
    distributor: '/nbc/reporting/distributor',
    sbr: '/nbc/reporting/sbr',
    traveller: '/nbc/reporting/traveller',
  },
} as const;

/** The welcome page scrolled to a section (`/nbc/welcome#agenda`). */
export function welcomeSection(sectionId: string): string {
  return `${paths.welcome}#${enc(sectionId)}`;
}

/** Pages anyone may open; every other page needs a stored login (docs/design/web-rules.md, section 2). */
export const PUBLIC_PATHS: readonly string[] = [paths.landing, paths.nbcLogin, paths.abcLogin, paths.reportLogin];

/** Pages without the Logout footer (docs/design/web-rules.md, the shell). */
export const PATHS_WITHOUT_LOGOUT: readonly string[] = [paths.landing, paths.nbcLogin, paths.abcLogin];

/** Where Logout leads: the report login from the retailer report page, else the landing page. */
export function logoutTarget(pathname: string): string {
  return pathname.replace(/\/+$/, '') === paths.dashboard ? paths.reportLogin : paths.landing;
}
