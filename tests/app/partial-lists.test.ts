import { describe, expect, it } from 'vitest';
import { PartialLists } from '@/app/lib/sync/partial-lists';
import type { User } from '@/shared/schemas';
import { users } from '../mocks/fixtures';

/** `n` users, newest first, in chunks of `per` rows as a start-up decodes them. */
function decoded(n: number, per = 10) {
  const rows: User[] = Array.from({ length: n }, (_, i) => ({
    ...users[0]!,
    _id: `user-${String(i).padStart(5, '0')}`,
    createdAt: new Date(Date.UTC(2026, 0, 1) - i * 1000).toISOString(),
  }));
  return Array.from({ length: Math.ceil(n / per) }, (_, key) => ({
    key,
    rows: rows.slice(key * per, (key + 1) * per),
  }));
}

describe('the lists a screen shows while a start-up decodes them', () => {
  it('shows the rows decoded so far each time they have doubled, and counts every slice', () => {
    const partial = new PartialLists();
    expect(partial.decoded('users', decoded(10))).toHaveLength(10);
    expect(partial.decoded('users', decoded(15))).toBeNull();
    expect(partial.count('users')).toBe(15);
    expect(partial.rows('users')).toHaveLength(10);
    const shown = partial.decoded('users', decoded(20));
    expect(shown?.map((u) => u._id)).toEqual(decoded(20).flatMap((c) => c.rows.map((u) => u._id)));
    expect(partial.decoded('users', decoded(39))).toBeNull();
    expect(partial.decoded('users', decoded(40))).toHaveLength(40);
  });

  it('lays out chunks that come in any order in screen order', () => {
    const partial = new PartialLists();
    const chunks = decoded(30);
    const shown = partial.decoded('users', [chunks[2]!, chunks[0]!, chunks[1]!]);
    expect(shown?.map((u) => u._id)).toEqual(chunks.flatMap((c) => c.rows.map((u) => u._id)));
  });

  it('shows a write reply at once and keeps it in the rows shown after, until the list is in memory', () => {
    const partial = new PartialLists();
    expect(partial.reply('users', [], [])).toBeNull(); // no screen shows the list yet
    partial.decoded('users', decoded(10));
    const renamed = { ...decoded(10)[0]!.rows[3]!, name: 'Renamed' };
    const afterReply = partial.reply('users', [renamed], ['user-00005']);
    expect(afterReply?.find((u) => u._id === renamed._id)?.name).toBe('Renamed');
    expect(afterReply?.some((u) => u._id === 'user-00005')).toBe(false);
    const later = partial.decoded('users', decoded(20));
    expect(later?.find((u) => u._id === renamed._id)?.name).toBe('Renamed');
    expect(later).toHaveLength(19);
    expect(partial.end('users')).toBe(true);
    expect(partial.rows('users')).toBeUndefined();
    expect(partial.count('users')).toBe(0);
    expect(partial.end('users')).toBe(false);
  });
});
