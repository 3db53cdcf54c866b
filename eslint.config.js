import { dirname, relative, resolve, sep } from 'node:path';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
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
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, portal: featureBoundaries },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'portal/no-cross-feature-imports': 'error',
    },
  },
);
