import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { API_OPERATIONS } from '@/shared/api-contract';
import { API_ROUTES, courseItemRoutes } from '@/shared/api-routes';
import { COURSE_ITEM_KIND_NAMES, COURSE_ITEM_KINDS } from '@/shared/schemas/course-item-kinds';

/**
 * One declaration per route (src/shared/api-routes.ts): the contract, so the server, takes each route's method and
 * path from it, and the PWA writes no URL of the API by hand; every one is `apiUrl(route, …)` of a route there.
 */
const routeKey = (r: { method: string; path: string }) => `${r.method} ${r.path}`;

/** Where a URL of the API is handed over: the argument that must be `apiUrl(…)` of each call. */
const URL_ARGUMENT: Record<string, number> = { apiFetch: 0, apiStream: 0, apiFetchAs: 1, useDeleteRow: 1 };

/** The calls in `source` whose URL is not made by apiUrl (a string, a template, a concatenation …), as `line: text`. */
function handWrittenUrls(source: string, fileName = 'file.tsx'): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const madeByApiUrl = (node: ts.Node): boolean => {
    // useDeleteRow takes a function of the id: its body is the URL.
    if (ts.isArrowFunction(node)) return madeByApiUrl(node.body);
    if (ts.isConditionalExpression(node)) return madeByApiUrl(node.whenTrue) && madeByApiUrl(node.whenFalse);
    return ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'apiUrl';
  };
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text in URL_ARGUMENT) {
      const arg = node.arguments[URL_ARGUMENT[node.expression.text]!];
      if (arg && !madeByApiUrl(arg)) {
        const { line } = file.getLineAndCharacterOfPosition(node.getStart());
        found.push(`${fileName}:${line + 1}: ${node.getText().split('\n')[0]}`);
      }
    }
    // A literal URL of the API anywhere (a link's href, a fetch of its own).
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && /^\/api(\/|$)/.test(node.text)) {
      const { line } = file.getLineAndCharacterOfPosition(node.getStart());
      found.push(`${fileName}:${line + 1}: ${node.getText()}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** The PWA's sources, but the client itself (which defines these calls and hands their URL on). */
const CLIENT_OWN = new Set(['src/app/lib/api-client.ts', 'src/app/lib/list-writes.ts', 'src/app/route-tree.gen.ts']);
function appSources(dir = 'src/app'): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return appSources(path);
    return /\.tsx?$/.test(entry.name) && !CLIENT_OWN.has(path) ? [path] : [];
  });
}

describe('the API routes, declared once', () => {
  it('the contract has exactly the routes of API_ROUTES and of the course item kinds', () => {
    const declared = [
      ...Object.values(API_ROUTES),
      ...COURSE_ITEM_KIND_NAMES.flatMap((kind) => Object.values(courseItemRoutes(COURSE_ITEM_KINDS[kind].path))),
    ].map(routeKey);
    expect(API_OPERATIONS.map(routeKey).sort()).toEqual(declared.sort());
  });

  it('the PWA builds every URL of the API with apiUrl from a declared route', () => {
    const found = appSources().flatMap((path) => handWrittenUrls(readFileSync(path, 'utf8'), path));
    expect(found).toEqual([]);
  });

  it('refuses a planted hand-written path, template, concatenation and link', () => {
    const planted = [
      "apiFetch('/users/login-admin', { method: 'POST' });",
      'apiFetch(`/users/${id}`, { method: "DELETE" });',
      "apiFetchAs(token, '/sync?' + query, {});",
      'useDeleteRow(usersQuery, (id) => `/users/${id}`);',
      'const a = <a href="/api/openapi.json">API</a>;',
      'apiFetch(apiUrl(API_ROUTES.users));',
    ].join('\n');
    expect(handWrittenUrls(planted).map((line) => line.split(':')[1])).toEqual(['1', '2', '3', '4', '5']);
  });
});
