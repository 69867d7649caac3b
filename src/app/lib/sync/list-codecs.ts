import type { Batch, Course, Enrollment, Service, User } from '@/shared/schemas';
import type { SyncList } from '@/shared/schemas/sync';
import type { Interner } from './interning';

/**
 * How each list is held in memory and stored on the device. A chunk of up to CHUNK_ROWS rows is stored
 * as one JSON text: reading text back from IndexedDB and parsing it is several times faster than
 * structured-cloning the same objects, and the compact form (positions instead of keys, an embedded user
 * stored as its id when it equals the users list's, course details once per chunk) is about a quarter
 * of the wire's size. Decoding gives back the wire shape of API.md, with repeated nested values shared.
 */
export interface ListCodec<T> {
  encode(rows: readonly T[], interner: Interner): string;
  decode(text: string, interner: Interner): T[];
  /** A row from the network as memory holds it: its nested values shared with the rows that repeat them. */
  intern(row: T, interner: Interner): T;
}

/** Bump when a stored chunk's form changes: older device copies are dropped and synced again. */
export const CHUNK_FORMAT = 1;

/** Batches and courses are few: stored as they are. */
const plain = <T>(): ListCodec<T> => ({
  encode: (rows) => JSON.stringify(rows),
  decode: (text) => JSON.parse(text) as T[],
  intern: (row) => row,
});

type UserTuple = [
  string,
  string,
  string,
  boolean,
  string,
  User['age'],
  User['occupation'],
  User['contactNo'],
  User['interest'],
  User['pastExperience'],
  User['role'],
];

const users: ListCodec<User> = {
  encode: (rows) =>
    JSON.stringify(
      rows.map((u): UserTuple => [
        u._id,
        u.name,
        u.email,
        u.isVerified,
        u.createdAt,
        u.age ?? null,
        u.occupation ?? null,
        u.contactNo ?? null,
        u.interest ?? null,
        u.pastExperience ?? null,
        u.role,
      ]),
    ),
  decode: (text, interner) =>
    (JSON.parse(text) as UserTuple[]).map((t) => {
      const [_id, name, email, isVerified, createdAt, age, occupation, contactNo, interest, pastExperience, role] = t;
      return {
        _id,
        name,
        email,
        isVerified,
        createdAt,
        age,
        occupation: interner.text(occupation ?? null),
        contactNo,
        interest: interner.text(interest ?? null),
        pastExperience: interner.text(pastExperience ?? null),
        role: interner.text(role),
      };
    }),
  intern: (u) => u,
};

/** An embedded user: null, its id when it equals what the users list derives, or the object itself. */
type UserRef<T> = null | string | T;

/** Values that repeat across a chunk's rows are stored once in `d`, rows refer to them by position. */
function dictionary<T>(key: (value: T) => string) {
  const values: T[] = [];
  const index = new Map<string, number>();
  return {
    values,
    ref(value: T) {
      const k = key(value);
      let i = index.get(k);
      if (i === undefined) {
        i = values.push(value) - 1;
        index.set(k, i);
      }
      return i;
    },
  };
}

/**
 * A list whose rows embed one value that repeats across rows (course details, service details): each chunk
 * stores those values once, in `d`, and its rows as tuples that refer to them by position.
 */
function withDictionary<T, D, Tuple>(spec: {
  nested: (row: T) => D;
  internNested: (interner: Interner, value: D) => D;
  toTuple: (row: T, ref: number, interner: Interner) => Tuple;
  fromTuple: (tuple: Tuple, nested: readonly D[], interner: Interner) => T;
  intern: (row: T, interner: Interner) => T;
}): ListCodec<T> {
  return {
    encode(rows, interner) {
      const dict = dictionary<D>((v) => JSON.stringify(v));
      const r = rows.map((row) => spec.toTuple(row, dict.ref(spec.nested(row)), interner));
      return JSON.stringify({ d: dict.values, r });
    },
    decode(text, interner) {
      const { d, r } = JSON.parse(text) as { d: D[]; r: Tuple[] };
      const nested = d.map((v) => spec.internNested(interner, v));
      return r.map((t) => spec.fromTuple(t, nested, interner));
    },
    intern: spec.intern,
  };
}

/** The embedded user as stored: its id when it is the very object the users list derives. */
const userRef = <U extends { _id: string }>(value: U | null, derived: U | undefined): UserRef<U> =>
  value === null ? null : derived === value ? value._id : value;

type Contact = Enrollment['userDetails'];
type ContactTuple = [string, string, string | null];
const contactTuple = (c: Contact): ContactTuple => [c.name, c.email, c.phone];
const fromContactTuple = ([name, email, phone]: ContactTuple, interner: Interner) =>
  interner.contact({ name, email, phone });

type EnrollmentTuple = [
  string,
  string | null,
  UserRef<NonNullable<Enrollment['userId']>>,
  ContactTuple,
  number,
  number | null,
  string | null,
  string | null,
  string | null,
  string | null,
  number | null,
  Enrollment['paymentStatus'],
  number,
  boolean,
  boolean,
  boolean,
  boolean,
  string | null,
  string,
  string | null,
];

const enrollments = withDictionary<Enrollment, Enrollment['courseDetails'], EnrollmentTuple>({
  nested: (e) => e.courseDetails,
  internNested: (interner, c) => interner.course(c),
  toTuple: (e, course, interner) => [
    e._id,
    e.batchId,
    userRef(e.userId, e.userId ? interner.populatedUser(e.userId._id) : undefined),
    contactTuple(e.userDetails),
    course,
    e.amount,
    e.currency,
    e.paymentMethod,
    e.transactionId,
    e.paymentId,
    e.amountPaid,
    e.paymentStatus,
    e.progress,
    e.completed,
    e.certificateIssued,
    e.isApproved,
    e.isVerified,
    e.verifiedAt,
    e.createdAt,
    e.updatedAt === e.createdAt ? null : e.updatedAt,
  ],
  fromTuple: (t, courses, interner) => {
    const [
      _id,
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
      completed,
      certificateIssued,
      isApproved,
      isVerified,
      verifiedAt,
      createdAt,
      updatedAt,
    ] = t;
    return {
      _id,
      batchId: interner.text(batchId),
      userId: typeof user === 'string' ? (interner.populatedUser(user) ?? null) : interner.internPopulatedUser(user),
      userDetails: fromContactTuple(contact, interner),
      courseDetails: courses[course]!,
      amount,
      currency: interner.text(currency),
      paymentMethod: interner.text(paymentMethod),
      transactionId,
      paymentId,
      amountPaid,
      paymentStatus: interner.text(paymentStatus),
      progress,
      completed,
      certificateIssued,
      isApproved,
      isVerified,
      verifiedAt,
      createdAt,
      updatedAt: updatedAt ?? createdAt,
    };
  },
  intern: (e, interner) => ({
    ...e,
    batchId: interner.text(e.batchId),
    userId: interner.internPopulatedUser(e.userId),
    userDetails: interner.contact(e.userDetails),
    courseDetails: interner.course(e.courseDetails),
    currency: interner.text(e.currency),
    paymentMethod: interner.text(e.paymentMethod),
    paymentStatus: interner.text(e.paymentStatus),
  }),
});

type ServiceTuple = [
  string,
  number,
  ContactTuple,
  UserRef<User>,
  number,
  string,
  string | null,
  string | null,
  boolean,
  string,
  string | null,
];

const services = withDictionary<Service, Service['serviceDetails'], ServiceTuple>({
  nested: (s) => s.serviceDetails,
  internNested: (interner, d) => interner.service(d),
  toTuple: (s, detail, interner) => [
    s._id,
    detail,
    contactTuple(s.userDetails),
    userRef(s.userId, s.userId ? interner.user(s.userId._id) : undefined),
    s.amount,
    s.currency,
    s.paymentMethod,
    s.transactionId,
    s.isVerified,
    s.createdAt,
    s.updatedAt === s.createdAt ? null : s.updatedAt,
  ],
  fromTuple: (t, details, interner) => {
    const [
      _id,
      detail,
      contact,
      user,
      amount,
      currency,
      paymentMethod,
      transactionId,
      isVerified,
      createdAt,
      updatedAt,
    ] = t;
    return {
      _id,
      serviceDetails: details[detail]!,
      userDetails: fromContactTuple(contact, interner),
      userId: typeof user === 'string' ? (interner.user(user) ?? null) : interner.internUser(user),
      amount,
      currency: interner.text(currency),
      paymentMethod: interner.text(paymentMethod),
      transactionId,
      isVerified,
      createdAt,
      updatedAt: updatedAt ?? createdAt,
    };
  },
  intern: (s, interner) => ({
    ...s,
    serviceDetails: interner.service(s.serviceDetails),
    userDetails: interner.contact(s.userDetails),
    userId: interner.internUser(s.userId),
    currency: interner.text(s.currency),
    paymentMethod: interner.text(s.paymentMethod),
  }),
});

export interface SyncRows {
  users: User;
  courses: Course;
  batches: Batch;
  services: Service;
  enrollments: Enrollment;
}

export const LIST_CODECS: { [L in SyncList]: ListCodec<SyncRows[L]> } = {
  users,
  courses: plain<Course>(),
  batches: plain<Batch>(),
  services,
  enrollments,
};
