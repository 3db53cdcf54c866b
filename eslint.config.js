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
 * Imports run one way (docs/decisions/013-module-shape.md): a zone never imports what is above it.
 * Tests and their `testing/` helpers may compose from above (they render the app's providers).
 */
const TESTS = ['**/*.test.{ts,tsx}', '**/testing/**', '**/test/**'];
const upward = (target, from, message, except) => ({ target, from, message, ...(except ? { except } : {}) });
const MODULES = 'apps/server/src/modules';
const zones = [
  upward('apps/web/src/features', 'apps/web/src/app', 'Features do not import src/app: shared pieces live in src/config, src/components, src/lib.'),
  ...['components', 'lib', 'config'].flatMap((shared) => [
    upward(`apps/web/src/${shared}`, 'apps/web/src/features', `src/${shared} is shared: it does not import a feature.`),
    upward(`apps/web/src/${shared}`, 'apps/web/src/app', `src/${shared} is shared: it does not import src/app.`),
  ]),
  ...['lib', 'plugins', 'demo', 'import'].map((low) =>
    upward(`apps/server/src/${low}`, 'apps/server/src/modules', `server src/${low} sits below the modules: move what it needs into src/lib.`),
  ),
  upward('apps/server/src/lib', 'apps/server/src/plugins', 'server src/lib sits below the plugins.'),
  // Inside the modules, the one that owns a flow calls the one that serves it.
  ...['badges', 'registration-views'].map((low) =>
    upward(`${MODULES}/${low}`, MODULES, `modules/${low} sits below the other modules: it imports none of them.`, [`./${low}`]),
  ),
  ...['admin', 'registration', 'waitlist', 'enrollment', 'event-days'].map((emitter) =>
    upward(`${MODULES}/webhooks`, `${MODULES}/${emitter}`, `webhooks serves the modules that emit events: it does not import modules/${emitter} (the views it sends live in modules/registration-views).`),
  ),
  ...['admin', 'registration', 'waitlist', 'enrollment', 'event-days', 'report-insights', 'webhooks'].map((caller) =>
    upward(`${MODULES}/mail`, `${MODULES}/${caller}`, `mail serves the modules that queue mail: it does not import modules/${caller}.`),
  ),
  upward('packages', 'apps', 'Packages never import an app.'),
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
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, portal: featureBoundaries },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'portal/no-cross-feature-imports': 'error',
    },
  },
);
