import type { Activity, Batch, Course, Enrollment, Service, User } from '@/shared/schemas';
import type { SyncList } from '@/shared/schemas/sync';
import type { ContactDetails, Interner, UserParts } from './interning';

/**
 * How each list is held in memory and stored on the device. A chunk of up to CHUNK_ROWS rows is stored as one
 * JSON text: reading text back from IndexedDB and parsing it is several times faster than structured-cloning
 * the same objects. The text is columnar: one array per field, and the values that repeat across rows (batch
 * ids, currencies, course details, …) once in the chunk's dictionaries, which rows refer to by position. A
 * nested value equal to what the users list derives (an enrollment's embedded user, contact details copied
 * from the user) is stored as nothing at all. Decoding then costs one object per row and one lookup of its
 * user, and gives back the wire shape of docs/api.md (its fields in the same order), repeated values shared.
 */
export interface ListCodec<T> {
  encode(rows: readonly T[], interner: Interner): string;
  decode(text: string, interner: Interner): T[];
  /** A row from the network as memory holds it: its nested values shared with the rows that repeat them. */
  intern(row: T, interner: Interner): T;
}

/** Bump when a stored chunk's form changes: older device copies are dropped and synced again. */
export const CHUNK_FORMAT = 3;

/** Batches and courses are few: stored as they are. */
const plain = <T>(): ListCodec<T> => ({
  encode: (rows) => JSON.stringify(rows),
  decode: (text) => JSON.parse(text) as T[],
  intern: (row) => row,
});

/** Values stored once per chunk; rows hold their position. Rows in memory share them, so one object is one value. */
function dictionary<T>() {
  const values: T[] = [];
  const index = new Map<T, number>();
  return {
    values,
    ref(value: T) {
      let i = index.get(value);
      if (i === undefined) index.set(value, (i = values.push(value) - 1));
      return i;
    },
  };
}

/**
 * A chunk as stored: `n` rows, `s` the repeated short texts, `o` the repeated nested objects, `c` one array per
 * field. Columns are read back as tuples of arrays: each codec names them in its own order.
 */
interface Columns {
  n: number;
  s: (string | null)[];
  o: unknown[];
  c: unknown[][];
}

type Dictionary<T> = ReturnType<typeof dictionary<T>>;

/** One row's values, one per column of `C` and of its type, in the codec's column order. */
type Cells<C extends unknown[][]> = { [K in keyof C]: C[K][number] };

/**
 * Rows written as a stored chunk: `cells` gives a row's values, typed by the codec's columns, and may put the
 * repeated ones in the two dictionaries (`s` short texts, `o` nested objects).
 */
function writeChunk<C extends unknown[][], T, O = never>(
  rows: readonly T[],
  cells: (row: T, s: Dictionary<string | null>, o: Dictionary<O>) => Cells<C>,
): string {
  const s = dictionary<string | null>();
  const o = dictionary<O>();
  const c: unknown[][] = [];
  for (const row of rows) {
    const values = cells(row, s, o);
    for (let j = 0; j < values.length; j++) (c[j] ??= []).push(values[j]);
  }
  return JSON.stringify({ n: rows.length, s: s.values, o: o.values, c } satisfies Columns);
}

/**
 * A stored chunk read back as rows: `rowAt` receives its columns (typed by the codec), its short texts interned
 * and its nested objects, and gives the function that builds row `i`.
 */
function readChunk<C extends unknown[][], T, O = never>(
  text: string,
  interner: Interner,
  rowAt: (columns: C, t: (string | null)[], o: O[]) => (i: number) => T,
): T[] {
  const { n, s, o, c } = JSON.parse(text) as Columns;
  const row = rowAt(
    c as C,
    s.map((v) => interner.text(v)),
    o as O[],
  );
  const rows = new Array<T>(n);
  for (let i = 0; i < n; i++) rows[i] = row(i);
  return rows;
}

/** The users list's parts of a row's embedded user: stored as its id, or as sent (null: none). */
const partsOf = (u: string | { _id: string } | null, interner: Interner) =>
  u === null ? undefined : interner.userParts(typeof u === 'string' ? u : u._id);

/** A row that embeds a user (an enrollment, a purchase): its user, or null, and the contact details it holds. */
interface EmbedsUser {
  userId: { _id: string } | null;
  userDetails: ContactDetails;
}

/** Contact details: 0 when they are the user's own (the users list's), else as a tuple. */
type ContactCell = 0 | [name: string, email: string, phone: string | null];
const contactCell = (row: EmbedsUser, interner: Interner): ContactCell => {
  const value = row.userDetails;
  return value === partsOf(row.userId, interner)?.contact ? 0 : [value.name, value.email, value.phone];
};
/** The embedded user: its id when it is the users list's `derived` form of the user, else as sent (or null). */
const userCell = <T extends EmbedsUser>(
  row: T,
  interner: Interner,
  derived: 'user' | 'populated',
): string | T['userId'] => {
  const user: T['userId'] = row.userId;
  return user !== null && user === partsOf(user, interner)?.[derived] ? user._id : user;
};
const fromContactCell = (cell: ContactCell, own: UserParts | undefined, interner: Interner): ContactDetails => {
  if (cell !== 0) return interner.contact({ name: cell[0], email: cell[1], phone: cell[2] }, own?.user._id);
  // Stored as 0 only while the users list held the user, and a pull sends a user's enrollments and purchases
  // before the user itself: the user is there (were it not, the pull that left it so brings the row again).
  return own?.contact ?? { name: '', email: '', phone: null };
};

const bit = (b: boolean, n: number) => (b ? 1 << n : 0);

// ---- Users ----

type UserColumns = [
  id: string[],
  name: string[],
  email: string[],
  verified: number[],
  createdAt: string[],
  age: (number | null)[],
  occupation: number[],
  contactNo: (string | null)[],
  interest: number[],
  pastExperience: number[],
  role: number[],
];

const users: ListCodec<User> = {
  encode: (rows) =>
    writeChunk<UserColumns, User>(rows, (u, s) => [
      u._id,
      u.name,
      u.email,
      +u.isVerified,
      u.createdAt,
      u.age ?? null,
      s.ref(u.occupation ?? null),
      u.contactNo ?? null,
      s.ref(u.interest ?? null),
      s.ref(u.pastExperience ?? null),
      s.ref(u.role),
    ]),
  decode: (text, interner) =>
    readChunk<UserColumns, User>(text, interner, (c, t) => {
      const [id, name, email, verified, createdAt, age, occupation, contactNo, interest, pastExperience, role] = c;
      return (i) => ({
        _id: id[i]!,
        name: name[i]!,
        email: email[i]!,
        isVerified: verified[i] === 1,
        createdAt: createdAt[i]!,
        age: age[i],
        occupation: t[occupation[i]!],
        contactNo: contactNo[i],
        interest: t[interest[i]!],
        pastExperience: t[pastExperience[i]!],
        role: t[role[i]!] as User['role'],
      });
    }),
  intern: (u) => u,
};

// ---- Enrollments ----

/** What an enrollment and a purchase both record of their payment: currency and method in the dictionary. */
type PaymentColumns<Amount> = [
  amount: Amount[],
  currency: number[],
  paymentMethod: number[],
  transactionId: (string | null)[],
];

type EnrollmentColumns = [
  id: string[],
  batchId: number[],
  /** The embedded user: its id when it is what the users list derives, else as sent (or null). */
  user: (string | Enrollment['userId'])[],
  contact: ContactCell[],
  course: number[],
  ...PaymentColumns<number | null>,
  /** 0: the transaction id. */
  paymentId: (string | null | 0)[],
  amountPaid: (number | null)[],
  paymentStatus: number[],
  progress: number[],
  /** completed, certificateIssued, isApproved, isVerified: bits 0 to 3. */
  flags: number[],
  verifiedAt: (string | null)[],
  createdAt: string[],
  /** null: createdAt; 0: verifiedAt. */
  updatedAt: (string | null | 0)[],
];

const enrollments: ListCodec<Enrollment> = {
  encode: (rows, interner) =>
    writeChunk<EnrollmentColumns, Enrollment, Enrollment['courseDetails']>(rows, (e, s, o) => [
      e._id,
      s.ref(e.batchId),
      userCell(e, interner, 'populated'),
      contactCell(e, interner),
      o.ref(e.courseDetails),
      e.amount,
      s.ref(e.currency),
      s.ref(e.paymentMethod),
      e.transactionId,
      e.paymentId !== null && e.paymentId === e.transactionId ? 0 : e.paymentId,
      e.amountPaid,
      s.ref(e.paymentStatus),
      e.progress,
      bit(e.completed, 0) | bit(e.certificateIssued, 1) | bit(e.isApproved, 2) | bit(e.isVerified, 3),
      e.verifiedAt,
      e.createdAt,
      e.updatedAt === e.createdAt ? null : e.updatedAt === e.verifiedAt ? 0 : e.updatedAt,
    ]),
  decode: (text, interner) =>
    readChunk<EnrollmentColumns, Enrollment, Enrollment['courseDetails']>(text, interner, (c, t, o) => {
      const courses = o.map((v) => interner.course(v));
      const [id, batchId, user, contact, course, amount, currency, paymentMethod, transactionId, ...state] = c;
      const [paymentId, amountPaid, paymentStatus, progress, flags, verifiedAt, createdAt, updatedAt] = state;
      return (i) => {
        const u = user[i]!;
        const parts = partsOf(u, interner);
        const userId = typeof u === 'string' ? (parts?.populated ?? null) : interner.internPopulatedUser(u);
        const f = flags[i]!;
        const created = createdAt[i]!;
        const verified = verifiedAt[i]!;
        const updated = updatedAt[i]!;
        const pid = paymentId[i]!;
        return {
          _id: id[i]!,
          batchId: t[batchId[i]!]!,
          userId,
          userDetails: fromContactCell(contact[i]!, parts, interner),
          courseDetails: courses[course[i]!]!,
          amount: amount[i]!,
          currency: t[currency[i]!]!,
          paymentMethod: t[paymentMethod[i]!]!,
          transactionId: transactionId[i]!,
          paymentId: pid === 0 ? transactionId[i]! : pid,
          amountPaid: amountPaid[i]!,
          paymentStatus: t[paymentStatus[i]!] as Enrollment['paymentStatus'],
          progress: progress[i]!,
          completed: (f & 1) !== 0,
          certificateIssued: (f & 2) !== 0,
          isApproved: (f & 4) !== 0,
          isVerified: (f & 8) !== 0,
          verifiedAt: verified,
          createdAt: created,
          updatedAt: updated === null ? created : updated === 0 ? verified! : updated,
        };
      };
    }),
  intern: (e, interner) => ({
    ...e,
    batchId: interner.text(e.batchId),
    userId: interner.internPopulatedUser(e.userId),
    userDetails: interner.contact(e.userDetails, e.userId?._id),
    courseDetails: interner.course(e.courseDetails),
    currency: interner.text(e.currency),
    paymentMethod: interner.text(e.paymentMethod),
    paymentStatus: interner.text(e.paymentStatus),
  }),
};

// ---- Service purchases ----

type ServiceColumns = [
  id: string[],
  serviceDetails: number[],
  contact: ContactCell[],
  /** The embedded user: its id when it is the users list's own row, else as sent (or null). */
  user: (string | Service['userId'])[],
  ...PaymentColumns<number>,
  verified: number[],
  createdAt: string[],
  /** null: createdAt. */
  updatedAt: (string | null)[],
];

const services: ListCodec<Service> = {
  encode: (rows, interner) =>
    writeChunk<ServiceColumns, Service, Service['serviceDetails']>(rows, (p, s, o) => [
      p._id,
      o.ref(p.serviceDetails),
      contactCell(p, interner),
      userCell(p, interner, 'user'),
      p.amount,
      s.ref(p.currency),
      s.ref(p.paymentMethod),
      p.transactionId,
      +p.isVerified,
      p.createdAt,
      p.updatedAt === p.createdAt ? null : p.updatedAt,
    ]),
  decode: (text, interner) =>
    readChunk<ServiceColumns, Service, Service['serviceDetails']>(text, interner, (c, t, o) => {
      const details = o.map((v) => interner.service(v));
      const [id, service, contact, user, amount, currency, paymentMethod, transactionId, verified, created, updated] =
        c;
      return (i) => {
        const u = user[i]!;
        const parts = partsOf(u, interner);
        const userId = typeof u === 'string' ? (parts?.user ?? null) : interner.internUser(u);
        return {
          _id: id[i]!,
          serviceDetails: details[service[i]!]!,
          userDetails: fromContactCell(contact[i]!, parts, interner),
          userId,
          amount: amount[i]!,
          currency: t[currency[i]!]!,
          paymentMethod: t[paymentMethod[i]!]!,
          transactionId: transactionId[i]!,
          isVerified: verified[i] === 1,
          createdAt: created[i]!,
          updatedAt: updated[i] ?? created[i]!,
        };
      };
    }),
  intern: (p, interner) => ({
    ...p,
    serviceDetails: interner.service(p.serviceDetails),
    userDetails: interner.contact(p.userDetails, p.userId?._id),
    userId: interner.internUser(p.userId),
    currency: interner.text(p.currency),
    paymentMethod: interner.text(p.paymentMethod),
  }),
};

// ---- The activity log ----

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
const activity: ListCodec<Activity> = {
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

export interface SyncRows {
  users: User;
  courses: Course;
  batches: Batch;
  services: Service;
  enrollments: Enrollment;
  activity: Activity;
}

export const LIST_CODECS: { [L in SyncList]: ListCodec<SyncRows[L]> } = {
  users,
  courses: plain<Course>(),
  batches: plain<Batch>(),
  services,
  enrollments,
  activity,
};
