import { describe, expect, it } from 'vitest';
import type { Course } from '@/shared/schemas';
import { ITEM_EXAMPLES } from '../utils/course-items';
import { makeCourse, UNKNOWN_ID } from '../utils/factories';
import { serverForThisFile } from '../utils/server-for-file';

const OLD = '2020-01-01T00:00:00.000Z';

const s = await serverForThisFile();

type ArrayKey = 'syllabus' | 'faq' | 'reviews' | 'additionalResources' | 'tableData';
interface Kind {
  path: string;
  idKey: string;
  array: ArrayKey;
  add: Record<string, unknown>;
  update: Record<string, unknown>;
}

/** The item routes as docs/api.md names them; the fields they send are the shared examples. */
const KINDS: Kind[] = [
  { path: 'syllabus', idKey: 'syllabusId', array: 'syllabus', ...ITEM_EXAMPLES.syllabus },
  { path: 'faq', idKey: 'faqId', array: 'faq', ...ITEM_EXAMPLES.faq },
  { path: 'review', idKey: 'reviewId', array: 'reviews', ...ITEM_EXAMPLES.review },
  { path: 'additional-resource', idKey: 'resourceId', array: 'additionalResources', ...ITEM_EXAMPLES.resource },
  { path: 'table-data', idKey: 'tableDataId', array: 'tableData', ...ITEM_EXAMPLES.tableData },
];

const call = (method: 'POST' | 'PUT' | 'DELETE', path: string, action: string, payload: object) =>
  s.api({ method, url: `/api/courses/${path}/${action}`, payload });

async function courseWithItem(k: Kind): Promise<{ courseId: string; itemId: string }> {
  const c = await makeCourse(s.db, { updatedAt: OLD });
  const res = await call('POST', k.path, 'add', { courseId: c.id, ...k.add });
  expect(res.statusCode, res.body).toBe(200);
  const course: Course = res.json().data;
  return { courseId: c.id, itemId: course.pageData[k.array][0]!._id };
}

describe.each(KINDS)('/api/courses/$path', (k) => {
  it('adds, updates and deletes an item, replying with the whole course and bumping updatedAt', async () => {
    const c = await makeCourse(s.db, { updatedAt: OLD });
    const added = await call('POST', k.path, 'add', { courseId: c.id, ...k.add });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({
      success: true,
      showMessage: true,
      message: expect.stringMatching(/added\.$/),
    });
    const afterAdd: Course = added.json().data;
    expect(afterAdd._id).toBe(c.id);
    expect(afterAdd.updatedAt).not.toBe(OLD);
    expect(afterAdd.pageData[k.array]).toEqual([{ _id: expect.any(String), ...k.add }]);
    const itemId = afterAdd.pageData[k.array][0]!._id;

    const updated = await call('PUT', k.path, 'update', { courseId: c.id, [k.idKey]: itemId, ...k.update });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ success: true, message: expect.stringMatching(/updated\.$/) });
    expect(updated.json().data.pageData[k.array]).toEqual([{ _id: itemId, ...k.update }]);

    const deleted = await call('DELETE', k.path, 'delete', { courseId: c.id, [k.idKey]: itemId });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ success: true, data: { _id: c.id } });
    expect(deleted.json().data.pageData[k.array]).toEqual([]);
  });

  it('answers 404 for an unknown course or item, or an item of another course, and changes nothing', async () => {
    const { courseId, itemId } = await courseWithItem(k);
    const other = await makeCourse(s.db, { updatedAt: OLD });
    const cases: Array<[string, object]> = [
      ['add', { courseId: UNKNOWN_ID, ...k.add }],
      ['update', { courseId: UNKNOWN_ID, [k.idKey]: itemId, ...k.update }],
      ['update', { courseId, [k.idKey]: UNKNOWN_ID, ...k.update }],
      ['update', { courseId: other.id, [k.idKey]: itemId, ...k.update }],
      ['delete', { courseId, [k.idKey]: UNKNOWN_ID }],
      ['delete', { courseId: other.id, [k.idKey]: itemId }],
    ];
    for (const [action, payload] of cases) {
      const method = action === 'add' ? 'POST' : action === 'update' ? 'PUT' : 'DELETE';
      const res = await call(method, k.path, action, payload);
      expect(res.statusCode, `${action} ${JSON.stringify(payload)}`).toBe(404);
      expect(res.json()).toMatchObject({
        success: false,
        showMessage: true,
        message: expect.stringMatching(/not found/),
      });
    }
    const { data: mine } = (await s.api({ method: 'GET', url: `/api/courses/${courseId}` })).json();
    expect(mine.pageData[k.array]).toEqual([{ _id: itemId, ...k.add }]);
    const { data: theirs } = (await s.api({ method: 'GET', url: `/api/courses/${other.id}` })).json();
    expect(theirs.updatedAt).toBe(OLD);
  });

  it('answers 400 for a missing field or a malformed id', async () => {
    const { courseId, itemId } = await courseWithItem(k);
    expect((await call('POST', k.path, 'add', { courseId })).statusCode).toBe(400);
    expect((await call('POST', k.path, 'add', { courseId: 'x', ...k.add })).statusCode).toBe(400);
    expect((await call('PUT', k.path, 'update', { courseId, ...k.update })).statusCode).toBe(400);
    expect((await call('PUT', k.path, 'update', { courseId, [k.idKey]: 'nope', ...k.update })).statusCode).toBe(400);
    const noId = await call('DELETE', k.path, 'delete', { courseId });
    expect(noId.statusCode).toBe(400);
    expect(noId.json().errors).toHaveProperty(k.idKey);
    expect((await s.api({ method: 'DELETE', url: `/api/courses/${k.path}/delete` })).statusCode).toBe(400);
    const { data } = (await s.api({ method: 'GET', url: `/api/courses/${courseId}` })).json();
    expect(data.pageData[k.array]).toEqual([{ _id: itemId, ...k.add }]);
  });
});

describe('item field rules', () => {
  it('accepts a review rating of 1..5 (also as a numeric string) and rejects anything else', async () => {
    const c = await makeCourse(s.db);
    const review = (rating: unknown) =>
      call('POST', 'review', 'add', { courseId: c.id, reviewer: 'R', comment: 'C', rating });
    for (const bad of [0, 6, 2.5, -1, '', 'five', null]) {
      const res = await review(bad);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().errors).toHaveProperty('rating');
    }
    expect((await review(1)).statusCode).toBe(200);
    const last = await review('5');
    expect(last.json().data.pageData.reviews.map((r: { rating: number }) => r.rating)).toEqual([1, 5]);
  });

  it('requires an http or https link for a resource', async () => {
    const c = await makeCourse(s.db);
    const resource = (link: string) => call('POST', 'additional-resource', 'add', { courseId: c.id, name: 'N', link });
    for (const bad of ['ftp://files.test/a', 'javascript:alert(1)', 'not a url', '']) {
      const res = await resource(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().errors).toHaveProperty('link');
    }
    expect((await resource('http://example.test/page')).statusCode).toBe(200);
  });

  it('requires a whole week number of at least 1 for a syllabus item', async () => {
    const c = await makeCourse(s.db);
    for (const week of ['abc', 0, 1.5]) {
      expect(
        (await call('POST', 'syllabus', 'add', { courseId: c.id, week, topic: 'T', details: 'D' })).statusCode,
      ).toBe(400);
    }
    expect(
      (await call('POST', 'syllabus', 'add', { courseId: c.id, week: '3', topic: 'T', details: 'D' })).json().data
        .pageData.syllabus[0].week,
    ).toBe(3);
  });
});
