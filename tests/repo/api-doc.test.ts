import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_OPERATIONS } from '@/shared/api-contract';
import { COURSE_ITEM_KIND_NAMES, COURSE_ITEM_KINDS } from '@/shared/schemas/course-item-kinds';

/**
 * docs/api.md describes every route of the contract table (src/shared/api-contract.ts, from which
 * GET /api/openapi.json is generated): a route added to the table without a word in the docs fails here.
 */
const doc = readFileSync('docs/api.md', 'utf8');
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const itemKinds = new Set<string>(COURSE_ITEM_KIND_NAMES.map((kind) => COURSE_ITEM_KINDS[kind].path));

/** The route as docs/api.md writes it: without /api, `{name}` for a parameter, `{kind}` for a course item kind. */
function written(path: string): RegExp {
  const segments = path.replace(/^\/api/, '').split('/');
  const shown = segments.map((segment, i) =>
    segment.startsWith(':')
      ? '\\{\\w+\\}'
      : i === 2 && segments[1] === 'courses' && itemKinds.has(segment)
        ? '\\{kind\\}'
        : escape(segment),
  );
  return new RegExp(`${shown.join('/')}(?![\\w/{])`);
}

describe('docs/api.md', () => {
  it.each(API_OPERATIONS.map((op) => [`${op.method} ${op.path}`, op.path] as const))('describes %s', (_, path) => {
    expect(doc).toMatch(written(path));
  });

  it('names every course item kind', () => {
    for (const kind of itemKinds) expect(doc).toContain(`\`${kind}\``);
  });
});
