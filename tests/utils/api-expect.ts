import { expect } from 'vitest';

/** What the server tests need of a reply: its status and its JSON body. */
type Reply = { statusCode: number; json(): unknown };

/**
 * A refusal in the envelope every route sends: this status, `success: false` and a message for the app to show
 * (`showMessage: true`), plus whatever else the body must hold (its `message`, its field `errors`).
 */
export function expectRefused(res: Reply, status: number, body: Record<string, unknown> = {}) {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toMatchObject({ success: false, showMessage: true, ...body });
}

/**
 * The records of a list with these ids, checking that each is listed and that they come in this order (others
 * may stand between them): `const [newer, older] = listedInOrder(list, b.id, a.id)`.
 */
export function listedInOrder<T extends { _id: string }>(list: T[], ...ids: string[]): T[] {
  const at = ids.map((id) => list.findIndex((record) => record._id === id));
  expect(at, 'every id is listed').not.toContain(-1);
  expect(at, 'listed in this order').toEqual([...at].sort((a, b) => a - b));
  return at.map((i) => list[i]!);
}
