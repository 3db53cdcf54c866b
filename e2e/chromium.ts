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
