import type { Activity } from '@/shared/schemas';
import { readChunk, writeChunk, type ListCodec } from './chunk';

type ActivityColumns = [
  id: string[],
  createdAt: string[],
  adminId: number[],
  adminName: number[],
  adminEmail: number[],
  action: number[],
  kind: number[],
  recordId: (string | null)[],
  recordName: string[],
  summary: string[],
  before: Activity['before'][],
  after: Activity['after'][],
];

/** Activity entries: the admin's id, name and email and the action and kind in the dictionary. */
export const activity: ListCodec<Activity> = {
  encode: (rows) =>
    writeChunk<ActivityColumns, Activity>(rows, (a, s) => [
      a._id,
      a.createdAt,
      s.ref(a.adminId),
      s.ref(a.adminName),
      s.ref(a.adminEmail),
      s.ref(a.action),
      s.ref(a.kind),
      a.recordId,
      a.recordName,
      a.summary,
      a.before,
      a.after,
    ]),
  decode: (text, interner) =>
    readChunk<ActivityColumns, Activity>(text, interner, (c, t) => {
      const [
        id,
        createdAt,
        adminId,
        adminName,
        adminEmail,
        action,
        kind,
        recordId,
        recordName,
        summary,
        before,
        after,
      ] = c;
      return (i) => ({
        _id: id[i]!,
        createdAt: createdAt[i]!,
        adminId: t[adminId[i]!]!,
        adminName: t[adminName[i]!]!,
        adminEmail: t[adminEmail[i]!]!,
        action: t[action[i]!]!,
        kind: t[kind[i]!]!,
        recordId: recordId[i]!,
        recordName: recordName[i]!,
        summary: summary[i]!,
        before: before[i]!,
        after: after[i]!,
      });
    }),
  intern: (a, interner) => ({
    ...a,
    adminId: interner.text(a.adminId),
    adminName: interner.text(a.adminName),
    adminEmail: interner.text(a.adminEmail),
    action: interner.text(a.action),
    kind: interner.text(a.kind),
  }),
};
