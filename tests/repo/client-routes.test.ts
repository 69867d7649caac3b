import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { API_OPERATIONS } from '@/shared/api-contract';
import { API_ROUTES, courseItemRoutes } from '@/shared/api-routes';
import { COURSE_ITEM_KIND_NAMES, COURSE_ITEM_KINDS } from '@/shared/schemas/course-item-kinds';

/**
 * One declaration per route (src/shared/api-routes.ts): the contract, so the server, takes each route's method and
 * path from it, and the PWA calls a route by that declaration alone, `apiCall(API_ROUTES.updateCard, …)`, which
 * carries its method and its URL. The types already refuse a method in a request and a route that is not declared;
 * this test refuses the rest: a URL of the API or an HTTP method written by hand anywhere in the PWA, a route made
 * on the spot, and a fetch beside the one HTTP client (src/app/lib/api-client.ts).
 */
const routeKey = (r: { method: string; path: string }) => `${r.method} ${r.path}`;

/** The calls of the client and which of their arguments is the route. */
const ROUTE_ARGUMENT: Record<string, number> = { apiCall: 0, apiCallAs: 1, apiStream: 0, useDeleteRow: 1 };
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const GLOBALS = new Set(['window', 'globalThis', 'self']);

/** What in `source` goes round the declared routes and the one client, as `file:line: text`. */
function handWritten(source: string, fileName = 'file.tsx'): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const report = (node: ts.Node) => {
    const { line } = file.getLineAndCharacterOfPosition(node.getStart());
    found.push(`${fileName}:${line + 1}: ${node.getText().split('\n')[0]}`);
  };
  /**
   * A route of the contract: `API_ROUTES.name`, a course item kind's (`courseItemRoutes(path)[action]`), either of
   * two such, or a name holding one (a parameter, a constant), whose type the compiler holds to a declared route.
   */
  const declared = (node: ts.Node): boolean => {
    if (ts.isParenthesizedExpression(node)) return declared(node.expression);
    if (ts.isConditionalExpression(node)) return declared(node.whenTrue) && declared(node.whenFalse);
    if (ts.isIdentifier(node)) return node.text !== 'undefined';
    if (ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) {
      const of = node.expression;
      if (ts.isIdentifier(of)) return of.text === 'API_ROUTES';
      return ts.isCallExpression(of) && ts.isIdentifier(of.expression) && of.expression.text === 'courseItemRoutes';
    }
    return false;
  };
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      // A route made on the spot (an object, a string, a cast) instead of a declared one.
      if (ts.isIdentifier(callee) && callee.text in ROUTE_ARGUMENT) {
        const route = node.arguments[ROUTE_ARGUMENT[callee.text]!];
        if (!route || !declared(route)) report(node);
      }
      // A fetch of its own: the one HTTP client is api-client.ts.
      const fetchOfItsOwn =
        (ts.isIdentifier(callee) && callee.text === 'fetch') ||
        (ts.isPropertyAccessExpression(callee) &&
          callee.name.text === 'fetch' &&
          ts.isIdentifier(callee.expression) &&
          GLOBALS.has(callee.expression.text));
      if (fetchOfItsOwn) report(node);
    }
    if (ts.isNewExpression(node) && ts.isIdentifier(node.expression)) {
      if (node.expression.text === 'XMLHttpRequest' || node.expression.text === 'EventSource') report(node);
    }
    // A method given by hand: a request naming one, or an HTTP method's name in a value (a type may name one:
    // `RoutesOf<'DELETE', 'id'>` picks among the declared routes).
    if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
      const namesMethod = (arg: ts.Expression) =>
        ts.isObjectLiteralExpression(arg) &&
        arg.properties.some((p) => p.name && ts.isIdentifier(p.name) && p.name.text === 'method');
      if (node.arguments?.some(namesMethod)) report(node);
    }
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && METHODS.has(node.text)) {
      if (!ts.isLiteralTypeNode(node.parent)) report(node);
    }
    // A URL of the API anywhere (a link's href, a template, the start of a concatenation).
    const text = ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) ? node.text : null;
    const head = ts.isTemplateExpression(node) ? node.head.text : null;
    if ((text !== null && /^\/api(\/|$)/.test(text)) || (head !== null && /^\/api(\/|$)/.test(head))) report(node);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** The PWA's sources, but the client itself (which sends each route's method to its URL) and generated code. */
const CLIENT_OWN = new Set(['src/app/lib/api-client.ts', 'src/app/route-tree.gen.ts']);
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

  it('the PWA calls every route by its declaration, and writes no URL or method of its own', () => {
    const found = appSources().flatMap((path) => handWritten(readFileSync(path, 'utf8'), path));
    expect(found).toEqual([]);
  });

  it('refuses a planted URL, method, route made on the spot and fetch of its own', () => {
    const planted = [
      "apiCall({ method: 'POST', path: '/api/users/login-admin' });",
      'apiCall(API_ROUTES.users, { method: "DELETE" });',
      "apiCallAs(token, '/api/sync?' + query, {});",
      'useDeleteRow(usersQuery, (id) => `/api/users/${id}`);',
      'const a = <a href="/api/openapi.json">API</a>;',
      'await fetch(`/api/users/${id}`, { body });',
      'apiStream({ ...API_ROUTES.syncStream } as typeof API_ROUTES.syncStream, signal);',
      "const verb = 'PATCH'; type Deletes = RoutesOf<'DELETE', 'id'>; const entry = { method, path, op };",
      'window.fetch(url, { method: verb });',
      'apiCall(API_ROUTES.deleteUser, { params: { id }, body });',
      'apiCall(approve ? API_ROUTES.approveEnrollment : API_ROUTES.disapproveEnrollment, { params: { id } });',
      'apiCall(courseItemRoutes(ITEM_KINDS[kind].path)[action], { body }); useDeleteRow(list, route);',
    ].join('\n');
    const lines = handWritten(planted).map((line) => Number(line.split(':')[1]));
    // Each of lines 1–9, not 10–12: line 1 four times (a route made on the spot, a request naming a method, the
    // method's name, a URL), line 8 once (the method's name in a value, not in a type nor as a field of data).
    expect([...new Set(lines)]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(lines.filter((line) => line === 1)).toHaveLength(4);
    expect(lines.filter((line) => line === 8)).toHaveLength(1);
  });
});
