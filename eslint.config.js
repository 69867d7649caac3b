// Lint rules that hold the architecture (docs/architecture.md): which layer may import which, no
// cycles, one import order, React's hook rules, and no promise left floating on the server.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const features = readdirSync('src/app/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Each zone forbids `target` from importing `from` (paths from the repository root). */
const zones = [
  { target: './src/app', from: './src/server', message: 'The PWA never imports the server: share through src/shared.' },
  { target: './src/server', from: './src/app', message: 'The server never imports the PWA: share through src/shared.' },
  { target: './src/shared', from: ['./src/app', './src/server'], message: 'src/shared depends on nothing of ours.' },
  {
    target: ['./src/app/components', './src/app/lib'],
    from: ['./src/app/features', './src/app/routes', './src/app/shell'],
    message: 'Shared components and lib sit below the features, the shell and the routes.',
  },
  ...features.map((name) => ({
    target: `./src/app/features/${name}`,
    from: ['./src/app/features', './src/app/shell', './src/app/routes'],
    except: [`./${name}`],
    message: 'A feature never imports another feature (nor the shell or routes above it): compose them in a route.',
  })),
];

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'node_modules/',
      '.tmp/',
      'test-results/',
      'playwright-report/',
      'coverage/',
      'data/',
      'dev-dist/',
      'src/app/route-tree.gen.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ alwaysTryTypes: true })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-duplicates': 'error',
      'import-x/order': [
        'error',
        {
          groups: ['builtin', 'external', 'internal', ['parent', 'sibling', 'index'], 'type'],
          pathGroups: [{ pattern: '@/**', group: 'internal' }],
          'newlines-between': 'never',
          alphabetize: { order: 'asc', caseInsensitive: true },
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['src/app/**/*.{ts,tsx}', 'tests/app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['src/server/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false } }],
    },
  },
);
