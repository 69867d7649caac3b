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

/** The top-level files of src/app: the entry and what it composes (router, providers, clients, theme). */
const appTopLevel = readdirSync('src/app', { withFileTypes: true })
  .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
  .map((entry) => `./src/app/${entry.name}`);

/** The server's layers below the routes: SQL and the domain, which never see a request or a reply. */
const serverBelowRoutes = ['./src/server/repositories', './src/server/db', './src/server/import', './src/server/auth'];

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
  {
    target: './src/app/lib',
    from: './src/app/components',
    message: 'lib sits below the shared components: a component may use lib, never the other way round.',
  },
  {
    target: ['./src/app/components', './src/app/lib', './src/app/features', './src/app/shell', './src/app/pwa'],
    from: appTopLevel,
    message:
      'The top-level files of src/app (entry, router, providers, clients, theme) compose the app: nothing they compose imports them.',
  },
  {
    target: appTopLevel,
    from: './src/app/routes',
    message: 'The top-level files reach the routes only through the generated route tree.',
  },
  {
    target: './src/app/pwa',
    from: ['./src/app/features', './src/app/shell', './src/app/routes'],
    message: 'src/app/pwa (install and update) uses components, lib and shared only.',
  },
  {
    target: ['./src/app/components', './src/app/lib', './src/app/features'],
    from: './src/app/pwa',
    message: 'The PWA pieces are mounted by the entry, not by the screens.',
  },
  {
    target: serverBelowRoutes,
    from: [
      './src/server/routes',
      './src/server/plugins',
      './src/server/http',
      './src/server/sync',
      './src/server/openapi',
      './src/server/errors.ts',
      './src/server/app.ts',
    ],
    message:
      'Below the routes (repositories, db, import, auth) nothing knows HTTP: return values or throw plain errors, and let the route decide the status.',
  },
  {
    target: './src/server/repositories',
    from: './src/server/import',
    message: 'Repositories sit below the import service that uses them.',
  },
  {
    target: './src/server/db',
    from: ['./src/server/repositories', './src/server/import'],
    message: 'src/server/db (schema, client, migrations, seed) sits below the repositories.',
  },
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
    // Every schema module builds its schemas when it is evaluated: through the barrel, a screen builds them all
    // (65 ms in one task on the login page, docs/benchmarks.md). Types are free: they leave no import behind.
    files: ['src/app/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: ['@/shared/schemas', '@/shared/schemas/index'].map((name) => ({
            name,
            allowTypeImports: true,
            message:
              "Import a schema from its own module ('@/shared/schemas/auth' …): a value import of the barrel builds every schema.",
          })),
        },
      ],
    },
  },
  {
    files: serverBelowRoutes.map((dir) => `${dir.slice(2)}/**/*.ts`),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(fastify|@fastify/.*)$',
              message: 'Below the routes nothing imports Fastify: the routes and plugins speak HTTP.',
            },
          ],
        },
      ],
    },
  },
  {
    // One declaration per route: its method, path and shapes live in src/shared/api-contract.ts.
    files: ['src/server/routes/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.object.name='app'][callee.property.name=/^(get|post|put|patch|delete|route)$/]",
          message: 'Register a route from the contract: route(app, API.name, handler) (src/server/http/route.ts).',
        },
      ],
    },
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
