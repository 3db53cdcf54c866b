/** The Chromium every browser run uses, the journeys here and the benchmarks in bench/: Debian's, with no network noise. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/**
 * The journeys' browser reaches no host but the loopback ones (the portal, the OpenID provider):
 * every other name fails to resolve at once, inside the browser, and no proxy (which would resolve
 * names itself) is used. The welcome page's video and the event area's map are frames of outside
 * pages; on a machine without outside network their requests failed as fast as its resolver or
 * firewall let them, at once here and after minutes elsewhere, and a journey waiting for them hung.
 * Failing at once everywhere is also what the visual baselines show (the frames are masked there).
 */
export const NO_OUTSIDE_HOSTS = ['--no-proxy-server', '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost'];
