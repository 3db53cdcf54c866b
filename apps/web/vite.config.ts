import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { unusedBootstrapCss } from './unused-css.ts';

const serverUrl = process.env.PORTAL_DEV_SERVER ?? 'http://127.0.0.1:3000';
// '/Admin' (capital A) is the organizer sign-in; the console page itself is '/admin'.
const proxied = ['/api', '/User', '/Admin/', '/content', '/content-assets'];

/**
 * The message catalogs' parts (src/i18n/messages/en/*.ts, fr-CA/*.ts) compiled to ICU syntax trees at build time, so the page
 * ships react-intl without its message parser (about 10 kB gz; the parser is aliased away below).
 * Tests and the dev server keep the plain strings and the parser.
 */
export function precompileMessages(): Plugin {
  return {
    name: 'portal-precompile-messages',
    apply: 'build',
    enforce: 'post',
    async transform(code, id) {
      if (!/\/src\/i18n\/messages\/(en|fr-CA)\/[\w-]+\.ts$/.test(id)) return null;
      const { parse } = await import('@formatjs/icu-messageformat-parser');
      const catalogs = (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as Record<string, Record<string, string>>;
      const out = Object.entries(catalogs).map(
        ([name, messages]) => `export const ${name} = ${JSON.stringify(Object.fromEntries(Object.entries(messages).map(([key, message]) => [key, parse(message)])))};`,
      );
      return { code: out.join('\n'), map: null };
    },
  };
}

/** A build step on the written output folder, once the bundle is complete. */
function afterBuild(name: string, step: (outDir: string) => void): Plugin {
  let outDir = '';
  return {
    name,
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
    },
    closeBundle() {
      step(outDir);
    },
  };
}

/**
 * Writes .br and .gz beside every text asset of the build; the server sends them as they are
 * (@fastify/static `preCompressed`), so no request pays for compression.
 */
export function precompress(only?: RegExp): Plugin {
  const compressible = /\.(js|mjs|css|html|svg|txt|wasm|webmanifest)$/;
  return afterBuild('portal-precompress', (outDir) => {
    const walk = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const path = join(dir, name);
        return statSync(path).isDirectory() ? walk(path) : [path];
      });
    for (const file of walk(outDir)) {
      if (!compressible.test(file) || (only && !only.test(file))) continue;
      const source = readFileSync(file);
      if (source.length < 512) continue;
      writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
      writeFileSync(`${file}.br`, brotliCompressSync(source, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: source.length } }));
    }
  });
}

/**
 * The lazily loaded modules each route renders first (src/app/router.tsx). A `*` suffix matches
 * everything below. Used only for preload hints: the server adds `<link rel="modulepreload">` for
 * these chunks to the page it serves, so they download with the main script instead of after it.
 */
const ROUTE_MODULES: Record<string, string[]> = {
  '/': ['src/app/routes/landing.tsx'],
  '/nbc': ['src/app/routes/nbc-login.tsx'],
  '/abc': ['src/app/routes/abc.tsx'],
  '/reportLogin': ['src/app/routes/report-login.tsx'],
  '/nbc/welcome': ['src/app/routes/shell-layout.tsx', 'src/app/routes/welcome.tsx'],
  '/nbc/enrollment': ['src/app/routes/shell-layout.tsx', 'src/features/enrollment/pages/enrollment-page.tsx'],
  '/nbc/dashboard': ['src/app/routes/shell-layout.tsx', 'src/features/retailer-report/pages/retailer-report-page.tsx'],
  '/nbc/reporting*': ['src/app/routes/shell-layout.tsx', 'src/features/reporting/reporting-routes.tsx'],
  '/register/*': ['src/app/routes/register.tsx'],
  '/admin*': ['src/app/routes/admin.tsx'],
};

/**
 * V8's explicit compile hint (`//# allFunctionsCalledOnLoad`, Chromium 136+) on the chunks whose
 * functions nearly all run while an attendee page loads: V8 then compiles them while streaming the
 * file, on a background thread, instead of compiling each function on the main thread the first
 * time it is called (1-3 ms each at 4x CPU, several in every boot task). Other browsers
 * read a comment. Not on the console's or the reports' chunks: most of their code never runs on load.
 * (`shell` covers `shell-layout`, `abc` covers `abc-event`: the names continue with `-`.)
 */
const EAGER_CHUNKS = /^assets\/(react-dom|react|libraries|content-common|shell|start|welcome|index|event-login-page|nbc-login|abc)-[\w-]+\.js$/;

function compileHints(): Plugin {
  return {
    name: 'portal-compile-hints',
    apply: 'build',
    // After Vite's own rewriting of the chunks (its preload helper goes at the top of some).
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const output of Object.values(bundle)) {
          if (output.type === 'chunk' && EAGER_CHUNKS.test(output.fileName)) output.code = `//# allFunctionsCalledOnLoad\n${output.code}`;
        }
      },
    },
  };
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}

/** Writes dist/route-preloads.json: per route, the chunk files it needs beyond the entry's. */
function routePreloads(): Plugin {
  return afterBuild('portal-route-preloads', (outDir) => {
    const manifestPath = join(outDir, '.vite', 'manifest.json');
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
    const closure = (key: string, into: Set<string>) => {
      const chunk = manifest[key];
      if (!chunk || into.has(key)) return;
      into.add(key);
      for (const imported of chunk.imports ?? []) closure(imported, into);
    };
    const entryKeys = new Set<string>();
    // The entry's steps (main.tsx imports them in turn) are in the page already (bootPreloads).
    for (const [key, chunk] of Object.entries(manifest)) {
      if (!chunk.isEntry) continue;
      closure(key, entryKeys);
      for (const step of chunk.dynamicImports ?? []) closure(step, entryKeys);
    }
    const routes = Object.entries(ROUTE_MODULES).map(([path, modules]) => {
      const keys = new Set<string>();
      for (const module of modules) {
        if (!manifest[module]) throw new Error(`route-preloads: ${module} (for ${path}) is not a chunk of the build`);
        closure(module, keys);
      }
      const files = [...keys].filter((key) => !entryKeys.has(key)).map((key) => `/${manifest[key]?.file ?? ''}`);
      return { path, files };
    });
    writeFileSync(join(outDir, 'route-preloads.json'), `${JSON.stringify(routes, null, 1)}\n`);
    // The manifest names source files; it has no business being served.
    rmSync(join(outDir, '.vite'), { recursive: true, force: true });
  });
}

/**
 * `<link rel="modulepreload">` in index.html for the files of the entry's steps: main.tsx imports
 * React DOM, then the app, each with `import()` (so each is evaluated in a task of its own); without
 * these links the browser would learn of them only once the entry has run, a round trip later.
 */
function bootPreloads(): Plugin {
  return {
    name: 'portal-boot-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const entry = chunks.find((chunk) => chunk.isEntry);
        if (!entry) return html;
        const files = new Set<string>();
        const add = (file: string) => {
          if (files.has(file) || file === entry.fileName) return;
          files.add(file);
          for (const imported of byFile.get(file)?.imports ?? []) add(imported);
        };
        for (const step of entry.dynamicImports) add(step);
        const links = [...files].filter((file) => !html.includes(`/${file}"`)).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
        // After the stylesheet: it blocks the first paint, and on a phone's six connections per host
        // it must not wait behind the scripts.
        return html.replace(/(\s*)(<link rel="stylesheet"[^>]*>)/, (_match, space: string, link: string) => `${space}${link}${links.map((l) => `${space}${l}`).join('')}`);
      },
    },
  };
}

/**
 * Fewer, larger chunks for the attendee pages. Left to itself the bundler made about twenty small
 * chunks for /nbc/welcome (each react-bootstrap helper, each shell part); on a phone's slow link
 * every file is a request, and with HTTP/1.1's six connections per host they queue: about four
 * round trips before the page could render. Each group holds modules that the pages
 * which load one of them all need, so no page downloads more than before.
 */
const CHUNK_GROUPS = [
  // Content client, rich text, images, session and shared rules: every login and signed-in page.
  // The page footer (its text is content; the landing page, the report login, the registration page
  // and the shell have it) rides here too: 1 kB gz, no request of its own.
  { name: 'content-common', test: /\/src\/(lib\/(content-(client|http|models)|inline-content|first-paint|session|browser|axios-stub)|components\/ui\/(content-image|rich-text)|features\/shell\/components\/(app-footer|my-data-actions))\.tsx?$|node_modules\/@kontent-ai\/|\/packages\/contracts\/src\/(rules|images)/, priority: 3 },
  // The login form (/nbc, /abc and the report login): its card, fields and error list. Named after
  // its main module, as the chunk was before (e2e's chunk-failure journey blocks that file).
  { name: 'event-login-page', test: /\/src\/(features\/auth\/(pages\/event-login-page|components\/login-card|api\/[\w-]+|utils\/[\w-]+|hooks\/[\w-]+)|components\/ui\/error-list)\.tsx?$/, priority: 2 },
  // The sign-in form and the parts of the form kit it is made of (every login, the enrollment, the
  // registration page, the console): one file, not one per module. The kit's other fields (select,
  // check, grid) stay with the pages that use them.
  { name: 'form-kit', test: /\/src\/components\/(login-form|person-name-fields|ui\/form\/(field|text-field|submit-button))\.tsx?$/, priority: 2 },
  // The router and TanStack Query: the step after React DOM (main.tsx, app/libraries.ts). With them
  // the API client and the stored login, which the app's step shares with the pages (a chunk of
  // their own otherwise: one more request before the first render).
  { name: 'libraries', test: /node_modules\/(react-router|@tanstack|cookie|set-cookie-parser)\/|\/src\/(app\/libraries|lib\/(api-client|user-storage))\.ts$/, priority: 2 },
  // The message runtime (react-intl and its FormatJS parts), the language choice, the switch and the
  // base catalog: every page's first render needs them all (six small files as chunks of their own,
  // one more round of requests on a phone's six connections).
  { name: 'i18n', test: /node_modules\/(react-intl|@formatjs|intl-messageformat|hoist-non-react-statics|tslib)\/|\/src\/i18n\/(area|catalogs|format|index|language-switch|language|page-text|provider|report-missing|use-t|messages\/en\/base)\.tsx?$/, priority: 2 },
  // React DOM and its scheduler: the first step after the entry (main.tsx), a task of its own.
  { name: 'react-dom', test: /node_modules\/(react-dom|scheduler)\//, priority: 2 },
  // React and its JSX runtime: every page needs both (two requests as separate chunks).
  { name: 'react', test: /node_modules\/react\/(index|jsx-runtime|cjs\/react\.production|cjs\/react-jsx-runtime\.production)/, priority: 2 },
  // The signed-in shell (navigation bar, tabs, footer) and the content page's sections (welcome, and
  // abc's event page, both inside the shell): one request for the welcome page instead of two,
  // since its app code comes in steps (main.tsx) (the other shell pages get 13 kB more).
  // The footer (with its data buttons) is not: the landing page and the report login have it too,
  // and with it they would load the shell and its react-bootstrap chunks (about 16 kB gz).
  { name: 'shell', test: /\/src\/(features\/(shell\/(?!components\/(app-footer|my-data-actions)\.tsx)|content-pages\/)|lib\/(active-tab|link-window|use-one-per-task)|i18n\/messages\/en\/content\.ts)/, priority: 2 },
  // react-bootstrap and its helpers, by the set of pages that use them, small sets merged.
  {
    name: 'bootstrap',
    test: /node_modules\/(react-bootstrap|@restart|dom-helpers|uncontrollable|react-transition-group|@babel\/runtime|classnames|prop-types|react-lifecycles-compat|warning|invariant)\//,
    priority: 1,
    entriesAware: true,
    // 60 kB: the two sets the signed-in pages always load together are one file (one request less).
    entriesAwareMergeThreshold: 60_000,
  },
];

/** react-intl without its message parser, for builds whose catalogs are precompiled (the door's too). */
export const NO_PARSER = { find: /^@formatjs\/icu-messageformat-parser$/, replacement: join(import.meta.dirname, 'node_modules/@formatjs/icu-messageformat-parser/no-parser.js') };

export default defineConfig(({ command }) => ({
  root: import.meta.dirname,
  plugins: [react(), precompileMessages(), compileHints(), bootPreloads(), routePreloads(), precompress()],
  // core-sdk's default HTTP layer (axios) is never used: the Delivery clients get FetchHttpService.
  resolve: {
    alias: [
      { find: 'axios', replacement: join(import.meta.dirname, 'src/lib/axios-stub.ts') },
      // The built catalogs are syntax trees (precompileMessages): react-intl needs no parser.
      ...(command === 'build' ? [NO_PARSER] : []),
    ],
  },
  // The built stylesheet keeps only the Bootstrap rules the app can use (unused-css.ts).
  css: { postcss: { plugins: command === 'build' ? [unusedBootstrapCss(import.meta.dirname)] : [] } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    // No data: URLs for scripts or styles; the CSP allows them only from 'self'.
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: CHUNK_GROUPS, includeDependenciesRecursively: false },
        // Subgroups are named after the pages that share them (bootstrap~admin~shell-layout~…); the
        // file keeps the group's name (the server accepts only [\w.-] in chunk names).
        chunkFileNames: (chunk) => `assets/${chunk.name.replace(/~.*$/, '').replace(/[^\w.-]/g, '_')}-[hash].js`,
      },
    },
  },
  server: {
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: serverUrl, changeOrigin: false }])),
  },
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup.ts'],
    restoreMocks: true,
    // CI runs the PGlite, PostgreSQL and browser suites side by side on two cores: a component test
    // that takes 1 s alone can take ten or more beside them on a slow VM. A hang still fails, after 45 s.
    testTimeout: 45_000,
  },
}));
