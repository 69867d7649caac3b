import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { API_OPERATIONS } from '@/shared/api-contract';
import { checkRepliesAgainstContract } from '../utils/contract-check';
import { serverForThisFile } from '../utils/server-for-file';

const s = await serverForThisFile();

interface Doc {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      { parameters: { name: string; in: string }[]; responses: Record<string, unknown>; security?: unknown[] }
    >
  >;
}

describe('GET /api/openapi.json', () => {
  it('is for admins only', async () => {
    expect((await s.api({ method: 'GET', url: '/api/openapi.json', token: null })).statusCode).toBe(401);
    expect((await s.api({ method: 'GET', url: '/api/openapi.json', token: await s.userToken() })).statusCode).toBe(403);
  });

  it('describes every route the server registers, and nothing it does not', async () => {
    const res = await s.api({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<Doc>();
    expect(doc.openapi).toBe('3.1.0');
    const described = Object.entries(doc.paths)
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`))
      .sort();
    const registered = s.app.routeList.filter((r) => r.split(' ')[1]!.startsWith('/api/')).sort();
    expect(described).toEqual(registered);
    expect(described).toHaveLength(API_OPERATIONS.length);
  });

  it('names each path parameter, the success reply, and the token errors of guarded routes', async () => {
    const doc = (await s.api({ method: 'GET', url: '/api/openapi.json' })).json<Doc>();
    for (const [path, ops] of Object.entries(doc.paths)) {
      const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      for (const op of Object.values(ops)) {
        expect(op.parameters.filter((p) => p.in === 'path').map((p) => p.name)).toEqual(names);
        expect(Object.keys(op.responses).some((code) => code.startsWith('2'))).toBe(true);
        if (op.security === undefined) expect(op.responses).toHaveProperty('401');
      }
    }
    expect(doc.paths['/api/health']!.get!.security).toEqual([]);
  });
});

describe('the refusals docs/api.md promises', () => {
  it('lists 409 on writes, 413 on bodies, and 429 with Retry-After on sign-in attempts', async () => {
    const doc = (await s.api({ method: 'GET', url: '/api/openapi.json' })).json<Doc>();
    const responses = (path: string, method: string) => doc.paths[path]![method]!.responses;
    expect(responses('/api/users/{id}', 'delete')).toHaveProperty('409');
    expect(responses('/api/enrollment/enroll', 'post')).toHaveProperty('409');
    expect(responses('/api/batches/delete/{id}', 'delete')).toHaveProperty('409');
    expect(responses('/api/users', 'get')).not.toHaveProperty('409');
    expect(responses('/api/batches/start', 'post')).toHaveProperty('413');
    expect(responses('/api/batches/{id}/import', 'post')).toHaveProperty('413');
    expect(responses('/api/users', 'get')).not.toHaveProperty('413');
    for (const path of ['/api/users/login-admin', '/api/users/login-2fa', '/api/account/two-factor/disable'])
      expect(responses(path, 'post')['429'], path).toMatchObject({
        headers: { 'Retry-After': { schema: { type: 'integer' } } },
      });
    expect(responses('/api/users/logout', 'post')).not.toHaveProperty('429');
  });
});

describe('the reply check every API test runs', () => {
  it('fails a reply that strays from the description', async () => {
    const app = Fastify();
    app.get('/api/users/:id', async () => ({ success: true, data: { name: 42 } }));
    checkRepliesAgainstContract(app);
    const res = await app.inject({ method: 'GET', url: '/api/users/x' });
    expect(res.statusCode).toBe(500);
    expect(res.body).toContain('strays from the contract');
    await app.close();
  });
});
