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

const enrollments: ListCodec<Enrollment> = {
  encode(rows, interner) {
    const courses = dictionary<Enrollment['courseDetails']>((c) => JSON.stringify(c));
    const r = rows.map((e): EnrollmentTuple => {
      const derived = e.userId ? interner.populatedUser(e.userId._id) : undefined;
      return [
        e._id,
        e.batchId,
        e.userId === null ? null : derived === e.userId ? e.userId._id : e.userId,
        contactTuple(e.userDetails),
        courses.ref(e.courseDetails),
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
      ];
    });
    return JSON.stringify({ d: courses.values, r });
  },
  decode(text, interner) {
    const { d, r } = JSON.parse(text) as { d: Enrollment['courseDetails'][]; r: EnrollmentTuple[] };
    const courses = d.map((c) => interner.course(c));
    return r.map((t): Enrollment => {
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
    });
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
};

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

const services: ListCodec<Service> = {
  encode(rows, interner) {
    const details = dictionary<Service['serviceDetails']>((s) => JSON.stringify(s));
    const r = rows.map((s): ServiceTuple => {
      const derived = s.userId ? interner.user(s.userId._id) : undefined;
      return [
        s._id,
        details.ref(s.serviceDetails),
        contactTuple(s.userDetails),
        s.userId === null ? null : derived === s.userId ? s.userId._id : s.userId,
        s.amount,
        s.currency,
        s.paymentMethod,
        s.transactionId,
        s.isVerified,
        s.createdAt,
        s.updatedAt === s.createdAt ? null : s.updatedAt,
      ];
    });
    return JSON.stringify({ d: details.values, r });
  },
  decode(text, interner) {
    const { d, r } = JSON.parse(text) as { d: Service['serviceDetails'][]; r: ServiceTuple[] };
    const details = d.map((s) => interner.service(s));
    return r.map((t): Service => {
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
    });
  },
  intern: (s, interner) => ({
    ...s,
    serviceDetails: interner.service(s.serviceDetails),
    userDetails: interner.contact(s.userDetails),
    userId: interner.internUser(s.userId),
    currency: interner.text(s.currency),
    paymentMethod: interner.text(s.paymentMethod),
  }),
};

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
