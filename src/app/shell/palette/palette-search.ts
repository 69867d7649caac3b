import { enrolleeEmail, enrolleeName } from '@/app/features/enrollments/enrollee';
import { MESSAGES } from '@/shared/messages';
import type { Batch, Course, Enrollment, Service, User } from '@/shared/schemas';

/** Results shown per kind of record: the palette stays short, and a search stops scanning once it has them. */
export const PALETTE_PER_KIND = 5;
/** A query shorter than this finds screens and commands only (one letter would match most records). */
export const PALETTE_MIN_CHARS = 2;

export type RecordKind = 'users' | 'courses' | 'batches' | 'enrollments' | 'services';

export interface RecordHit {
  kind: RecordKind;
  id: string;
  label: string;
  description: string;
}

/** The device copy's lists, as the query cache holds them (a list not loaded yet is absent). */
export interface PaletteLists {
  users?: readonly User[];
  courses?: readonly Course[];
  batches?: readonly Batch[];
  enrollments?: readonly Enrollment[];
  services?: readonly Service[];
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Case-insensitive substring match over names, emails and transaction IDs. A regular expression tests each
 * field where it lies (no lower-cased copy of 200,000 rows), and each kind stops at PALETTE_PER_KIND hits.
 */
export function searchRecords(lists: PaletteLists, query: string, perKind = PALETTE_PER_KIND): RecordHit[] {
  const q = query.trim();
  if (q.length < PALETTE_MIN_CHARS) return [];
  const re = new RegExp(escape(q), 'i');
  const has = (...fields: (string | null | undefined)[]) => fields.some((f) => f != null && re.test(f));
  const hits: RecordHit[] = [];
  const take = <T>(rows: readonly T[] | undefined, match: (row: T) => RecordHit | null) => {
    let n = 0;
    for (const row of rows ?? []) {
      const hit = match(row);
      if (!hit) continue;
      hits.push(hit);
      if (++n >= perKind) break;
    }
  };
  const batchName = new Map((lists.batches ?? []).map((b) => [b._id, b.batchName]));

  take(lists.users, (u) =>
    has(u.name, u.email) ? { kind: 'users', id: u._id, label: u.name, description: u.email } : null,
  );
  take(lists.courses, (c) =>
    has(c.cardData.title, c.pageData.title, c.pageData.slug)
      ? { kind: 'courses', id: c._id, label: c.cardData.title, description: c.pageData.slug }
      : null,
  );
  take(lists.batches, (b) =>
    has(b.batchName)
      ? {
          kind: 'batches',
          id: b._id,
          label: b.batchName,
          description: MESSAGES.count.enrollments(b.enrollmentCount),
        }
      : null,
  );
  take(lists.enrollments, (e) => {
    const name = enrolleeName(e);
    const email = enrolleeEmail(e);
    if (!has(name, email, e.transactionId)) return null;
    const where = [e.courseDetails.title, batchName.get(e.batchId ?? ''), e.transactionId].filter(Boolean);
    return { kind: 'enrollments', id: e._id, label: `${name} · ${email}`, description: where.join(' · ') };
  });
  take(lists.services, (s) => {
    if (!has(s.userDetails.name, s.userDetails.email, s.transactionId, s.serviceDetails.title)) return null;
    const where = [s.serviceDetails.title, s.transactionId].filter(Boolean);
    return {
      kind: 'services',
      id: s._id,
      label: `${s.userDetails.name} · ${s.userDetails.email}`,
      description: where.join(' · '),
    };
  });
  return hits;
}
