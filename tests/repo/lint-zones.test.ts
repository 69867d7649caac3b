import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The layer rules of eslint.config.js (docs/architecture.md) refuse what they are meant to: each case plants
 * an import into a file of the guarded folder (the text is linted in that file's place; nothing is written)
 * and expects the zone's rule to report it, while the same import from a place allowed to make it passes.
 * Server files are typed-linted, so their plants take the place of a file the TypeScript project has.
 */
const eslint = new ESLint();

async function ruleIds(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  const messages = result?.messages ?? [];
  expect(messages.filter((m) => m.fatal)).toEqual([]);
  return messages.map((m) => m.ruleId);
}

const ZONE = 'import-x/no-restricted-paths';
const NO_FASTIFY = 'no-restricted-imports';

const planted: { zone: string; file: string; code: string; allowedIn: string; rule?: string }[] = [
  {
    zone: 'lib imports a shared component',
    file: 'src/app/lib/planted.ts',
    code: "import { DataTable } from '@/app/components/ui/data-table';\nexport const planted = DataTable;\n",
    allowedIn: 'src/app/features/users/planted.ts',
  },
  {
    zone: 'a shared component imports a top-level file of src/app',
    file: 'src/app/components/planted.ts',
    code: "import { theme } from '@/app/theme';\nexport const planted = theme;\n",
    allowedIn: 'src/app/routes/planted.ts',
  },
  {
    zone: 'a feature imports the app clients',
    file: 'src/app/features/users/planted.ts',
    code: "import { createAppClients } from '@/app/app-clients';\nexport const planted = createAppClients;\n",
    allowedIn: 'src/app/main.tsx',
  },
  {
    zone: 'the shell imports a top-level file of src/app',
    file: 'src/app/shell/planted.ts',
    code: "import { colorSchemeManager } from '@/app/theme';\nexport const planted = colorSchemeManager;\n",
    allowedIn: 'src/app/providers.tsx',
  },
  {
    zone: 'a top-level file of src/app imports a route',
    file: 'src/app/theme.ts',
    code: "import { Route } from './routes/login';\nexport const planted = Route;\n",
    allowedIn: 'src/app/routes/planted.ts',
  },
  {
    zone: 'src/app/pwa imports a feature',
    file: 'src/app/pwa/planted.ts',
    code: "import { filterUsers } from '@/app/features/users/users-search';\nexport const planted = filterUsers;\n",
    allowedIn: 'src/app/routes/planted.ts',
  },
  {
    zone: 'a feature imports src/app/pwa',
    file: 'src/app/features/users/planted.ts',
    code: "import { UpdatePrompt } from '@/app/pwa/update-prompt';\nexport const planted = UpdatePrompt;\n",
    allowedIn: 'src/app/main.tsx',
  },
  {
    zone: 'a repository imports a route',
    file: 'src/server/repositories/sql-json.ts',
    code: "import { userRoutes } from '@/server/routes/users';\nexport const planted = userRoutes;\n",
    allowedIn: 'src/server/app.ts',
  },
  {
    zone: 'a repository throws an HTTP error',
    file: 'src/server/repositories/sql-json.ts',
    code: "import { HttpError } from '@/server/errors';\nexport const planted = () => new HttpError(404, 'No.');\n",
    allowedIn: 'src/server/routes/users.ts',
  },
  {
    zone: 'the import service throws an HTTP error',
    file: 'src/server/import/plan-rows.ts',
    code: "import { notFound } from '@/server/errors';\nexport const planted = () => notFound('Batch');\n",
    allowedIn: 'src/server/plugins/auth-guard.ts',
  },
  {
    zone: 'src/server/db imports a repository',
    file: 'src/server/db/lock.ts',
    code: "import { countAdmins } from '@/server/repositories/users-repo';\nexport const planted = countAdmins;\n",
    allowedIn: 'src/server/import/plan-rows.ts',
  },
  {
    zone: 'a repository imports the import service',
    file: 'src/server/repositories/sql-json.ts',
    code: "import { runImport } from '@/server/import/import-enrollments';\nexport const planted = runImport;\n",
    allowedIn: 'src/server/routes/users.ts',
  },
  {
    zone: 'a repository imports Fastify',
    file: 'src/server/repositories/sql-json.ts',
    code: "import type { FastifyReply } from 'fastify';\nexport type Planted = FastifyReply;\n",
    allowedIn: 'src/server/routes/users.ts',
    rule: NO_FASTIFY,
  },
  {
    zone: 'src/server/db imports a Fastify plugin',
    file: 'src/server/db/lock.ts',
    code: "import compress from '@fastify/compress';\nexport const planted = compress;\n",
    allowedIn: 'src/server/plugins/auth-guard.ts',
    rule: NO_FASTIFY,
  },
  {
    zone: 'a route file registers a route by hand instead of from the contract',
    file: 'src/server/routes/users.ts',
    code: "import type { FastifyInstance } from 'fastify';\nexport const planted = (app: FastifyInstance) => app.get('/api/x', () => ({}));\n",
    allowedIn: 'src/server/plugins/auth-guard.ts',
    rule: 'no-restricted-syntax',
  },
  {
    zone: 'the PWA imports a schema through the barrel of src/shared/schemas',
    file: 'src/app/features/auth/planted.ts',
    code: "import { loginBody } from '@/shared/schemas';\nexport const planted = loginBody;\n",
    allowedIn: 'src/server/routes/auth.ts',
    rule: '@typescript-eslint/no-restricted-imports',
  },
];

describe('lint zones refuse a planted violation', () => {
  it.each(planted)('$zone', async ({ file, code, allowedIn, rule = ZONE }) => {
    expect(await ruleIds(file, code)).toContain(rule);
    expect(await ruleIds(allowedIn, code)).not.toContain(rule);
  });
});
