import { readdirSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

const FEATURES_DIR = resolve('apps/web/src/features');
const featureOf = (file) => {
  const rel = relative(FEATURES_DIR, file);
  return rel.startsWith('..') ? null : rel.split(sep)[0];
};

/** Features do not import each other: shared code lives in src/lib and src/components; src/app composes. */
const featureBoundaries = {
  rules: {
    'no-cross-feature-imports': {
      meta: { type: 'problem', messages: { crossFeature: "Feature '{{from}}' must not import feature '{{to}}': move shared code to src/lib or src/components." } },
      create(context) {
        const from = featureOf(context.filename);
        if (!from) return {};
        const check = (node) => {
          const source = node.source?.value;
          if (typeof source !== 'string' || !source.startsWith('.')) return;
          const to = featureOf(resolve(dirname(context.filename), source));
          if (to && to !== from) context.report({ node, messageId: 'crossFeature', data: { from, to } });
        };
        return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
      },
    },
  },
};

/**
 * Imports run one way (docs/decisions/013-module-shape.md). Each list below is ordered from the
 * bottom up: a folder may import only folders of LOWER layers, never one of its own layer or above.
 * The import zones are generated from these lists, so placing a new module means adding its name to
 * one layer. A server module left out of SERVER_MODULE_LAYERS counts as a layer of its own above
 * all the others (nothing listed may import it). Tests and their `testing/` helpers may compose from
 * above (they build the app and render its providers).
 */
const TESTS = ['**/*.test.{ts,tsx}', '**/testing/**', '**/test/**'];

/** apps/server/src/modules, bottom up. */
const SERVER_MODULE_LAYERS = [
  // Leaves: read their own tables and import no other module.
  ['config', 'health', 'languages', 'badges', 'questions', 'registration-views', 'report-scope'],
  // Services the flows call out to: mail, webhooks, the sign-in tokens; the store-count reports.
  ['mail', 'webhooks', 'auth', 'reports'],
  // Features built on those: waiting lists, sessions, privacy, report extras.
  ['waitlist', 'sessions', 'privacy', 'report-insights', 'retailer-report'],
  // The registration flow.
  ['registration'],
  // What drives registrations: the console, enrolling colleagues, the event days at the door.
  ['admin', 'enrollment', 'event-days'],
  // Company sign-in, which signs in organizers (admin) and report readers (auth).
  ['oidc'],
];
/**
 * A module's queries file is private to its module: another module calls its service (or, for the
 * leaves, their exported functions, which take the caller's transaction). The one exception is
 * `registration-views`, the shared read model of registrations and people: other modules' queries
 * compose its columns and views into their own statements, so its queries file is what it offers.
 */
const SHARED_QUERY_MODULES = ['registration-views'];
/** apps/server/src, bottom up; modules sit above all of these, app.ts, server.ts and cli/ on top. */
const SERVER_LAYERS = [['lib'], ['plugins', 'import'], ['demo'], ['modules']];
/** apps/web/src, bottom up; the door app (checkin) stands beside the features and shares only the low layers. */
const WEB_LAYERS = [['config'], ['lib'], ['components'], ['features', 'checkin'], ['app']];
/** packages, bottom up (apps sit above every package); contracts imports no other package. */
const PACKAGE_LAYERS = [['contracts', 'xlsx'], ['db'], ['content-service']];

const MODULES = 'apps/server/src/modules';
const MODULES_DIR = resolve(MODULES);
const moduleOf = (file) => {
  const rel = relative(MODULES_DIR, file);
  return rel.startsWith('..') || rel === file ? null : rel.split(sep)[0];
};

/** The rule for SHARED_QUERY_MODULES: no file of a module imports another module's `*.queries.ts`. */
const moduleBoundaries = {
  rules: {
    'no-foreign-queries': {
      meta: {
        type: 'problem',
        messages: {
          foreignQueries:
            "Module '{{from}}' must not import the queries of module '{{to}}': call its service (x.service.ts) or its exported functions (SHARED_QUERY_MODULES in eslint.config.js).",
        },
      },
      create(context) {
        const from = moduleOf(context.filename);
        if (!from) return {};
        const check = (node) => {
          const source = node.source?.value;
          if (typeof source !== 'string' || !source.startsWith('.') || !/\.queries(\.ts)?$/.test(source)) return;
          const to = moduleOf(resolve(dirname(context.filename), source));
          if (to && to !== from && !SHARED_QUERY_MODULES.includes(to)) context.report({ node, messageId: 'foreignQueries', data: { from, to } });
        };
        return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
      },
    },
  },
};
const listedModules = new Set(SERVER_MODULE_LAYERS.flat());
const unlistedModules = readdirSync(MODULES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !listedModules.has(entry.name))
  .map((entry) => entry.name);

/**
 * One zone per folder: it may not import any folder of its own layer or of a layer above. `label`
 * names the list in the message, so whoever meets the error knows where the order is kept.
 */
function layeredZones(base, layers, label) {
  return layers.flatMap((layer, index) =>
    layer.map((name) => {
      const same = layer.filter((other) => other !== name);
      const above = layers.slice(index + 1).flat();
      const forbidden = [...same, ...above];
      return {
        target: `${base}/${name}`,
        from: forbidden.map((other) => `${base}/${other}`),
        message: `${base}/${name} is in layer ${index} of ${label} (eslint.config.js): it may import only lower layers (${
          layers.slice(0, index).flat().join(', ') || 'none'
        }).`,
      };
    }),
  ).filter((zone) => zone.from.length > 0);
}

const zones = [
  ...layeredZones(MODULES, [...SERVER_MODULE_LAYERS, ...(unlistedModules.length ? [unlistedModules] : [])], 'SERVER_MODULE_LAYERS'),
  ...layeredZones('apps/server/src', SERVER_LAYERS, 'SERVER_LAYERS'),
  ...layeredZones('apps/web/src', WEB_LAYERS, 'WEB_LAYERS'),
  ...layeredZones('packages', PACKAGE_LAYERS, 'PACKAGE_LAYERS'),
  { target: 'packages', from: 'apps', message: 'Packages never import an app.' },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'test-results/**', 'playwright-report/**', 'coverage/**', 'packages/db/drizzle/**', '.data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.{ts,tsx}'],
    ignores: TESTS,
    plugins: { 'import-x': importX },
    rules: { 'import-x/no-restricted-paths': ['error', { zones }] },
  },
  {
    // A routes file speaks HTTP only: it calls its module's service, never a queries file
    // (docs/decisions/013-module-shape.md).
    files: ['apps/server/src/**/*.routes.ts'],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['*.queries', '*.queries.ts'], message: 'A routes file calls its service, never a queries file (docs/decisions/013-module-shape.md).' }] },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: "MemberExpression[property.name='db']", message: 'A routes file reaches the database through its service (built in app.ts), never app.db.' },
      ],
    },
  },
  {
    files: [`${MODULES}/**/*.ts`],
    ignores: TESTS,
    plugins: { 'portal-server': moduleBoundaries },
    rules: { 'portal-server/no-foreign-queries': 'error' },
  },
  {
    // The first load's code takes only types from @portal/contracts: a value import brings the zod
    // schemas (about 28 kB gz) into the first chunks, and from the message runtime's chunk it made
    // a chunk cycle that left every page blank (docs/decisions/004-web-first-load.md).
    files: ['apps/web/src/{main.tsx,i18n/**,lib/**,app/**,components/**,features/shell/**,features/auth/**,features/content-pages/**}'],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '@portal/contracts', allowTypeImports: true, message: 'First-load code imports only types from @portal/contracts; runtime rules come from @portal/contracts/rules.' }] },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, portal: featureBoundaries },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'portal/no-cross-feature-imports': 'error',
    },
  },
);
