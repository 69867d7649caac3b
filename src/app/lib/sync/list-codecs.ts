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
 * user, and gives back the wire shape of API.md (its fields in the same order), repeated values shared.
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

/** A chunk being written: `width` columns and the two dictionaries; `done` gives the stored text. */
function chunkWriter<O = never>(width: number) {
  const s = dictionary<string | null>();
  const o = dictionary<O>();
  const c = Array.from({ length: width }, () => [] as unknown[]);
  return { s, o, c, done: (n: number) => JSON.stringify({ n, s: s.values, o: o.values, c } satisfies Columns) };
}

/** A stored chunk read back: its row count, its nested objects, its columns and its short texts, interned. */
function chunkReader(text: string, interner: Interner) {
  const { n, s, o, c } = JSON.parse(text) as Columns;
  return { n, o, c, t: s.map((v) => interner.text(v)) };
}

/** Contact details: 0 when they are the user's own (the users list's), else as a tuple. */
type ContactCell = 0 | [name: string, email: string, phone: string | null];
const contactCell = (value: ContactDetails, own: ContactDetails | undefined): ContactCell =>
  value === own ? 0 : [value.name, value.email, value.phone];
const fromContactCell = (cell: ContactCell, own: UserParts | undefined, interner: Interner): ContactDetails => {
  if (cell !== 0) return interner.contact({ name: cell[0], email: cell[1], phone: cell[2] }, own?.user._id);
  // Stored as 0 only while the users list held the user, and a pull sends a user's enrollments and purchases
  // before the user itself: the user is there (were it not, the pull that left it so brings the row again).
  return own?.contact ?? { name: '', email: '', phone: null };
};
/** The users list's parts of a row's embedded user: stored as its id, or as sent (null: none). */
const partsOf = (u: string | { _id: string } | null, interner: Interner) =>
  u === null ? undefined : interner.userParts(typeof u === 'string' ? u : u._id);

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
  encode(rows) {
    const { s, c, done } = chunkWriter(11);
    for (const u of rows) {
      c[0]!.push(u._id);
      c[1]!.push(u.name);
      c[2]!.push(u.email);
      c[3]!.push(+u.isVerified);
      c[4]!.push(u.createdAt);
      c[5]!.push(u.age ?? null);
      c[6]!.push(s.ref(u.occupation ?? null));
      c[7]!.push(u.contactNo ?? null);
      c[8]!.push(s.ref(u.interest ?? null));
      c[9]!.push(s.ref(u.pastExperience ?? null));
      c[10]!.push(s.ref(u.role));
    }
    return done(rows.length);
  },
  decode(text, interner) {
    const { n, c, t } = chunkReader(text, interner);
    const [id, name, email, verified, createdAt, age, occupation, contactNo, interest, pastExperience, role] =
      c as UserColumns;
    const rows = new Array<User>(n);
    for (let i = 0; i < n; i++)
      rows[i] = {
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
      };
    return rows;
  },
  intern: (u) => u,
};

// ---- Enrollments ----

type EnrollmentColumns = [
  id: string[],
  batchId: number[],
  /** The embedded user: its id when it is what the users list derives, else as sent (or null). */
  user: (string | Enrollment['userId'])[],
  contact: ContactCell[],
  course: number[],
  amount: (number | null)[],
  currency: number[],
  paymentMethod: number[],
  transactionId: (string | null)[],
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
  encode(rows, interner) {
    const { s, o, c, done } = chunkWriter<Enrollment['courseDetails']>(17);
    for (const e of rows) {
      const parts = e.userId ? interner.userParts(e.userId._id) : undefined;
      c[0]!.push(e._id);
      c[1]!.push(s.ref(e.batchId));
      c[2]!.push(parts && e.userId === parts.populated ? e.userId._id : e.userId);
      c[3]!.push(contactCell(e.userDetails, parts?.contact));
      c[4]!.push(o.ref(e.courseDetails));
      c[5]!.push(e.amount);
      c[6]!.push(s.ref(e.currency));
      c[7]!.push(s.ref(e.paymentMethod));
      c[8]!.push(e.transactionId);
      c[9]!.push(e.paymentId !== null && e.paymentId === e.transactionId ? 0 : e.paymentId);
      c[10]!.push(e.amountPaid);
      c[11]!.push(s.ref(e.paymentStatus));
      c[12]!.push(e.progress);
      c[13]!.push(bit(e.completed, 0) | bit(e.certificateIssued, 1) | bit(e.isApproved, 2) | bit(e.isVerified, 3));
      c[14]!.push(e.verifiedAt);
      c[15]!.push(e.createdAt);
      c[16]!.push(e.updatedAt === e.createdAt ? null : e.updatedAt === e.verifiedAt ? 0 : e.updatedAt);
    }
    return done(rows.length);
  },
  decode(text, interner) {
    const { n, o, c, t } = chunkReader(text, interner);
    const courses = (o as Enrollment['courseDetails'][]).map((v) => interner.course(v));
    const [
      id,
      batchId,
      user,
      contact,
      course,
      amount,
      currency,
      paymentMethod,
      transactionId,
      paymentId,
      amountPaid,
      paymentStatus,
      progress,
      flags,
      verifiedAt,
      createdAt,
      updatedAt,
    ] = c as EnrollmentColumns;
    const rows = new Array<Enrollment>(n);
    for (let i = 0; i < n; i++) {
      const u = user[i]!;
      const parts = partsOf(u, interner);
      const userId = typeof u === 'string' ? (parts?.populated ?? null) : interner.internPopulatedUser(u);
      const f = flags[i]!;
      const created = createdAt[i]!;
      const verified = verifiedAt[i]!;
      const updated = updatedAt[i]!;
      const pid = paymentId[i]!;
      rows[i] = {
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
    }
    return rows;
  },
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
  amount: number[],
  currency: number[],
  paymentMethod: number[],
  transactionId: (string | null)[],
  verified: number[],
  createdAt: string[],
  /** null: createdAt. */
  updatedAt: (string | null)[],
];

const services: ListCodec<Service> = {
  encode(rows, interner) {
    const { s, o, c, done } = chunkWriter<Service['serviceDetails']>(11);
    for (const p of rows) {
      const parts = p.userId ? interner.userParts(p.userId._id) : undefined;
      c[0]!.push(p._id);
      c[1]!.push(o.ref(p.serviceDetails));
      c[2]!.push(contactCell(p.userDetails, parts?.contact));
      c[3]!.push(parts && p.userId === parts.user ? p.userId._id : p.userId);
      c[4]!.push(p.amount);
      c[5]!.push(s.ref(p.currency));
      c[6]!.push(s.ref(p.paymentMethod));
      c[7]!.push(p.transactionId);
      c[8]!.push(+p.isVerified);
      c[9]!.push(p.createdAt);
      c[10]!.push(p.updatedAt === p.createdAt ? null : p.updatedAt);
    }
    return done(rows.length);
  },
  decode(text, interner) {
    const { n, o, c, t } = chunkReader(text, interner);
    const details = (o as Service['serviceDetails'][]).map((v) => interner.service(v));
    const [
      id,
      serviceDetails,
      contact,
      user,
      amount,
      currency,
      paymentMethod,
      transactionId,
      verified,
      created,
      updated,
    ] = c as ServiceColumns;
    const rows = new Array<Service>(n);
    for (let i = 0; i < n; i++) {
      const u = user[i]!;
      const parts = partsOf(u, interner);
      const userId = typeof u === 'string' ? (parts?.user ?? null) : interner.internUser(u);
      rows[i] = {
        _id: id[i]!,
        serviceDetails: details[serviceDetails[i]!]!,
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
    }
    return rows;
  },
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
  encode(rows) {
    const { s, c, done } = chunkWriter(12);
    for (const a of rows) {
      c[0]!.push(a._id);
      c[1]!.push(a.createdAt);
      c[2]!.push(s.ref(a.adminId));
      c[3]!.push(s.ref(a.adminName));
      c[4]!.push(s.ref(a.adminEmail));
      c[5]!.push(s.ref(a.action));
      c[6]!.push(s.ref(a.kind));
      c[7]!.push(a.recordId);
      c[8]!.push(a.recordName);
      c[9]!.push(a.summary);
      c[10]!.push(a.before);
      c[11]!.push(a.after);
    }
    return done(rows.length);
  },
  decode(text, interner) {
    const { n, c, t } = chunkReader(text, interner);
    const [id, createdAt, adminId, adminName, adminEmail, action, kind, recordId, recordName, summary, before, after] =
      c as ActivityColumns;
    const rows = new Array<Activity>(n);
    for (let i = 0; i < n; i++)
      rows[i] = {
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
      };
    return rows;
  },
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
