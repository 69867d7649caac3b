import type { Enrollment, Service } from '@/shared/schemas';
import { readChunk, writeChunk, type ListCodec } from './chunk';
import { contactCell, fromContactCell, partsOf, userCell, type ContactCell } from './embedded-user';

/** The rows that record a payment and embed a user: enrollments and service purchases. */

const bit = (b: boolean, n: number) => (b ? 1 << n : 0);

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

export const enrollments: ListCodec<Enrollment> = {
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

export const services: ListCodec<Service> = {
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
