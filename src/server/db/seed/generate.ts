import type { batches, courses, enrollments, servicePurchases, users } from '@/server/db/schema';
import { CURRENCIES, type Currency } from '@/shared/constants';
import { AVAILABLE_DAYS, courseImage } from './demo-courses';
import { INTERESTS, OCCUPATIONS, PAST_EXPERIENCES, emailPart, pickGroup, type PeopleGroup } from './demo-people';
import { addDays, addHours, iso, momentBetween, type Random } from './random';
import type { CourseSeed } from './course-seed';
import type { ServiceKind } from './demo-services';

/**
 * Row builders shared by the demo seed and the bulk generator: one place decides what a realistic
 * user, enrollment or purchase looks like, both sizes insert the same shapes.
 */

export type UserRow = typeof users.$inferInsert & { id: string; createdAt: string };
export type CourseRow = typeof courses.$inferInsert & { id: string };
export type BatchRow = typeof batches.$inferInsert & { id: string; startDate: string; endDate: string | null };
export type EnrollmentRow = typeof enrollments.$inferInsert;
export type ServiceRow = typeof servicePurchases.$inferInsert;

export interface Person {
  first: string;
  last: string;
  group: PeopleGroup;
}

export function makePerson(rng: Random): Person {
  const group = pickGroup(rng);
  return { first: rng.pick(group.first), last: rng.pick(group.last), group };
}

/**
 * A personal-looking address: jose.alvarez@, jalvarez@, josealvarez88@ ... (no two-dot local parts: bulk uses those).
 */
export function personalEmail(rng: Random, p: Person): string {
  const f = emailPart(p.first);
  const l = emailPart(p.last);
  const local = rng.pick([
    `${f}.${l}`,
    `${f}.${l}`,
    `${f[0]}${l}`,
    `${f}${l}${rng.int(70, 99)}`,
    `${f}_${l}`,
    `${l}.${f}`,
  ]);
  return `${local}@${rng.pick(p.group.domains)}`;
}

export interface UserOptions {
  id: string;
  email: string;
  createdAt: number;
}

export function makeUserRow(rng: Random, p: Person, { id, email, createdAt }: UserOptions): UserRow {
  // Optional profile fields are filled by most people, left empty by some (the UI shows N/A).
  const maybe = <T>(share: number, value: () => T): T | null => (rng.chance(share) ? value() : null);
  return {
    id,
    name: `${p.first} ${p.last}`,
    email,
    role: 'user',
    isVerified: rng.chance(0.72),
    age: maybe(0.75, () => rng.int(18, 54)),
    occupation: maybe(0.8, () => rng.pick(OCCUPATIONS)),
    contactNo: maybe(0.78, () => p.group.phone(rng)),
    interest: maybe(0.7, () => rng.pick(INTERESTS)),
    pastExperience: maybe(0.6, () => rng.pick(PAST_EXPERIENCES)),
    createdAt: iso(createdAt),
  };
}

/** A price in the buyer's currency with the usual psychological endings (29,499 INR, 324 EUR). */
export function priceIn(usd: number, currency: Currency): string {
  switch (currency) {
    case 'INR':
      return (Math.round((usd * 84) / 500) * 500 - 1).toFixed(2);
    case 'EUR':
      return Math.max(1, Math.round((usd * 0.93) / 5) * 5 - 1).toFixed(2);
    case 'GBP':
      return Math.max(1, Math.round((usd * 0.79) / 5) * 5 - 1).toFixed(2);
    default:
      return usd.toFixed(2);
  }
}

const INR_METHODS = ['UPI', 'UPI', 'Razorpay', 'Credit Card', 'Net Banking'] as const;
const OTHER_METHODS = ['Credit Card', 'Credit Card', 'PayPal', 'Stripe', 'Bank Transfer', 'Apple Pay'] as const;
const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function paymentMethodFor(rng: Random, currency: Currency): string {
  return rng.pick(currency === 'INR' ? INR_METHODS : OTHER_METHODS);
}

/** Transaction ids shaped like each provider's. */
export function transactionIdFor(rng: Random, method: string): string {
  if (method === 'UPI' || method === 'Razorpay' || method === 'Net Banking') return `pay_${rng.chars(14, BASE62)}`;
  if (method === 'PayPal') return rng.chars(17);
  if (method === 'Bank Transfer') return `TRF-${rng.digits(4)}-${rng.digits(6)}`;
  return `pi_3${rng.chars(20, BASE62)}`;
}

/** The course row and its five item lists; items get increasing timestamps so "insertion order" is stable. */
export function makeCourseRows(c: CourseSeed, id: string, createdAt: number, itemId: () => string) {
  const course: CourseRow = {
    id,
    cardImage: courseImage(c.slug),
    cardTitle: c.title,
    cardDescription: c.cardDescription,
    cardRating: c.rating,
    cardReviews: c.reviewCount,
    cardPrice: c.discountPrice ?? c.price,
    title: c.title,
    description: c.description,
    slug: c.slug,
    price: c.price,
    discountPrice: c.discountPrice,
    ...c.details,
    whatYouWillLearn: [...c.learn],
    createdAt: iso(createdAt),
    updatedAt: iso(addDays(createdAt, 21)),
  };
  let tick = 0;
  const at = () => iso(createdAt + ++tick * 1000);
  const courseId = id;
  return {
    course,
    syllabus: c.syllabus.map(([topic, details], i) => ({
      id: itemId(),
      courseId,
      week: i + 1,
      topic,
      details,
      createdAt: at(),
    })),
    faqs: c.faq.map(([question, answer]) => ({ id: itemId(), courseId, question, answer, createdAt: at() })),
    reviews: c.reviews.map(([reviewer, rating, comment]) => ({
      id: itemId(),
      courseId,
      reviewer,
      rating,
      comment,
      createdAt: at(),
    })),
    resources: c.resources.map(([name, link]) => ({ id: itemId(), courseId, name, link, createdAt: at() })),
    tableData: c.tableData.map(([feature, value]) => ({ id: itemId(), courseId, feature, value, createdAt: at() })),
  };
}

export interface BatchSeed {
  batchName: string;
  startDate: string;
  endDate: string | null;
  isActive: boolean;
}

/** Two finished cohorts, a running one and an open-ended self-paced track. */
export const DEMO_BATCHES: readonly BatchSeed[] = [
  { batchName: 'Self-Paced 2026', startDate: '2026-01-12', endDate: null, isActive: true },
  { batchName: 'Spring 2026 Cohort', startDate: '2026-03-02', endDate: '2026-06-26', isActive: false },
  { batchName: 'Summer 2026 Cohort', startDate: '2026-06-15', endDate: '2026-09-11', isActive: false },
  { batchName: 'Autumn 2026 Cohort', startDate: '2026-09-14', endDate: '2026-12-18', isActive: true },
];

export function makeBatchRow(b: BatchSeed, id: string): BatchRow {
  const start = Date.parse(`${b.startDate}T09:00:00Z`);
  return {
    id,
    batchName: b.batchName,
    startDate: iso(start),
    endDate: b.endDate ? iso(Date.parse(`${b.endDate}T18:00:00Z`)) : null,
    isActive: b.isActive,
    createdAt: iso(addDays(start, -35)),
  };
}

/** When people can sign up for a batch: a month before it starts to two weeks in (self-paced: any time). */
export function enrollmentWindow(b: BatchRow, now: number): [number, number] {
  const start = Date.parse(b.startDate);
  if (!b.endDate) return [start, now];
  return [addDays(start, -28), Math.min(addDays(start, 14), now)];
}

/** The batches a person can still join: open until at least two hours after they signed up. */
export const batchesOpenTo = (batchRows: readonly BatchRow[], user: UserRow, now: number) =>
  batchRows.filter((b) => enrollmentWindow(b, now)[1] > Date.parse(user.createdAt) + 7_200_000);

/** Most people pay in their home currency; some pay by a card in another. */
export const paymentCurrency = (rng: Random, p: Person): Currency =>
  rng.chance(0.1) ? rng.pick(CURRENCIES) : p.group.currency;

export interface EnrollmentInput {
  id: string;
  user: UserRow;
  currency: Currency;
  course: CourseRow;
  batch: BatchRow;
  now: number;
}

export function makeEnrollmentRow(
  rng: Random,
  { id, user, currency, course, batch, now }: EnrollmentInput,
): EnrollmentRow {
  const [from, to] = enrollmentWindow(batch, now);
  const userCreated = Date.parse(user.createdAt);
  const createdAt = momentBetween(rng, Math.max(from, userCreated + 3_600_000), Math.max(to, userCreated + 7_200_000));
  const ended = batch.endDate !== null && Date.parse(batch.endDate) < now;
  const approved = rng.chance(ended ? 0.9 : batch.endDate ? 0.6 : 0.7);

  // Scholarships and manual sign-ups carry no payment at all; a few bank transfers lack a reference.
  const unpaid = rng.chance(0.08);
  const method = unpaid ? null : paymentMethodFor(rng, currency);
  const transactionId =
    method && !(method === 'Bank Transfer' && !approved) && !rng.chance(0.03) ? transactionIdFor(rng, method) : null;
  const amount = unpaid ? null : priceIn(Number(course.discountPrice ?? course.price), currency);

  const verifiedAt = approved ? Math.min(addHours(createdAt, rng.int(1, 72)), now) : null;
  let progress = 0;
  if (approved) progress = ended ? rng.int(55, 100) : batch.endDate ? rng.int(5, 70) : rng.int(0, 100);
  if (approved && ended && rng.chance(0.5)) progress = 100;
  const completed = progress === 100;

  return {
    id,
    batchId: batch.id,
    userId: user.id,
    courseId: course.id,
    userName: user.name,
    userEmail: user.email,
    userPhone: user.contactNo ?? null,
    courseTitle: course.title,
    courseDescription: course.description,
    courseSlug: course.slug,
    availableDays: batch.endDate && rng.chance(0.6) ? rng.pick(AVAILABLE_DAYS) : null,
    amount,
    currency: unpaid && rng.chance(0.5) ? null : currency,
    paymentMethod: method,
    transactionId,
    paymentId: approved ? transactionId : null,
    amountPaid: approved ? amount : null,
    paymentStatus: approved ? 'completed' : rng.chance(0.12) ? 'failed' : 'pending',
    progress,
    completed,
    certificateIssued: completed && rng.chance(0.8),
    isApproved: approved,
    isVerified: approved,
    verifiedAt: verifiedAt === null ? null : iso(verifiedAt),
    createdAt: iso(createdAt),
    updatedAt: iso(Math.max(createdAt, verifiedAt ?? 0)),
  };
}

export interface ServiceInput {
  id: string;
  kind: ServiceKind;
  /** A registered customer, or a guest checkout. */
  customer: { user: UserRow; currency: Currency } | { guest: Person; email: string };
  from: number;
  now: number;
}

export function makeServiceRow(rng: Random, { id, kind, customer, from, now }: ServiceInput): ServiceRow {
  const buyer =
    'user' in customer
      ? {
          user: customer.user,
          currency: customer.currency,
          name: customer.user.name,
          email: customer.user.email,
          phone: customer.user.contactNo ?? null,
        }
      : {
          user: null,
          currency: customer.guest.group.currency,
          name: `${customer.guest.first} ${customer.guest.last}`,
          email: customer.email,
          phone: rng.chance(0.5) ? customer.guest.group.phone(rng) : null,
        };
  const earliest = buyer.user ? Math.max(from, Date.parse(buyer.user.createdAt) + 3_600_000) : from;
  const createdAt = momentBetween(rng, earliest, Math.max(earliest, now));
  const verified = rng.chance(0.6);
  const method = !verified && rng.chance(0.15) ? null : paymentMethodFor(rng, buyer.currency);
  return {
    id,
    userId: buyer.user?.id ?? null,
    title: kind.title,
    description: kind.description,
    image: kind.image,
    customerName: buyer.name,
    customerEmail: buyer.email,
    customerPhone: buyer.phone,
    amount: priceIn(kind.priceUsd, buyer.currency),
    currency: buyer.currency,
    paymentMethod: method,
    transactionId: method ? transactionIdFor(rng, method) : null,
    isVerified: verified,
    createdAt: iso(createdAt),
    updatedAt: iso(verified ? Math.min(addHours(createdAt, rng.int(2, 96)), now) : createdAt),
  };
}
