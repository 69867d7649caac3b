import { sql } from 'drizzle-orm';
import {
  bigint,
  jsonb,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow();
/** Money is exact: numeric(12,2), read back as a string and turned into a JSON number at the edge. */
const money = (name: string) => numeric(name, { precision: 12, scale: 2 });

export const users = pgTable(
  'users',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    role: text('role', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    isVerified: boolean('is_verified').notNull().default(false),
    age: integer('age'),
    occupation: text('occupation'),
    contactNo: text('contact_no'),
    interest: text('interest'),
    pastExperience: text('past_experience'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    index('users_created_at_idx').on(t.createdAt.desc(), t.id.desc()),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'string' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'string' }),
    /** Refreshed at most once a minute by the auth guard; SESSION_IDLE_DAYS after it the session ends. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    /** What the Sessions screen shows: the browser's user agent and the address at sign-in. */
    userAgent: text('user_agent').notNull().default(''),
    ip: text('ip').notNull().default(''),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_id_idx').on(t.userId)],
);

/**
 * An admin's TOTP key (RFC 6238). `enabledAt` null: an enrolment not yet confirmed with a code. The key must
 * be readable to check codes, so it cannot be hashed; it never leaves the server after enrolment and lives
 * apart from `users`, out of the sync and the activity log. `lastStep` refuses a code used twice.
 */
export const twoFactor = pgTable('two_factor', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true, mode: 'string' }),
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** Single-use recovery codes, stored hashed like tokens. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [uniqueIndex('recovery_codes_user_code_key').on(t.userId, t.codeHash)],
);

/**
 * A password accepted for an account with two-factor sign-in: the second step presents this (hashed) challenge
 * with a code, within LIMITS.twoFactorChallengeMinutes and LIMITS.twoFactorChallengeTries.
 */
export const loginChallenges = pgTable('login_challenges', {
  id: id(),
  tokenHash: text('token_hash').notNull().unique('login_challenges_token_hash_key'),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tries: integer('tries').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'string' }).notNull(),
});

/** Failed logins, shared by every instance behind a load balancer; rows older than the window are pruned. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: id(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('login_failures_email_idx').on(t.email, t.createdAt),
    index('login_failures_ip_idx').on(t.ip, t.createdAt),
    index('login_failures_email_ip_idx').on(t.email, t.ip, t.createdAt),
  ],
);

export const courses = pgTable(
  'courses',
  {
    id: id(),
    cardImage: text('card_image').notNull(),
    cardTitle: text('card_title').notNull(),
    cardDescription: text('card_description').notNull(),
    cardRating: real('card_rating').notNull().default(0),
    cardReviews: integer('card_reviews').notNull().default(0),
    cardPrice: money('card_price').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    slug: text('slug').notNull(),
    price: money('price').notNull(),
    discountPrice: money('discount_price'),
    duration: text('duration').notNull().default(''),
    level: text('level').notNull().default(''),
    language: text('language').notNull().default(''),
    certificate: text('certificate').notNull().default(''),
    instructor: text('instructor').notNull().default(''),
    enrollmentDeadline: text('enrollment_deadline').notNull().default(''),
    startDate: text('start_date').notNull().default(''),
    whatYouWillLearn: text('what_you_will_learn')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('courses_slug_key').on(t.slug), index('courses_created_at_idx').on(t.createdAt)],
);

const courseRef = () =>
  uuid('course_id')
    .notNull()
    .references(() => courses.id, { onDelete: 'cascade' });

export const courseSyllabus = pgTable(
  'course_syllabus',
  {
    id: id(),
    courseId: courseRef(),
    week: integer('week').notNull(),
    topic: text('topic').notNull(),
    details: text('details').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('course_syllabus_course_idx').on(t.courseId, t.week)],
);

export const courseFaqs = pgTable(
  'course_faqs',
  {
    id: id(),
    courseId: courseRef(),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('course_faqs_course_idx').on(t.courseId, t.createdAt)],
);

export const courseReviews = pgTable(
  'course_reviews',
  {
    id: id(),
    courseId: courseRef(),
    reviewer: text('reviewer').notNull(),
    comment: text('comment').notNull(),
    rating: integer('rating').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('course_reviews_course_idx').on(t.courseId, t.createdAt),
    check('course_reviews_rating_range', sql`${t.rating} between 1 and 5`),
  ],
);

export const courseResources = pgTable(
  'course_resources',
  {
    id: id(),
    courseId: courseRef(),
    name: text('name').notNull(),
    link: text('link').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('course_resources_course_idx').on(t.courseId, t.createdAt)],
);

export const courseTableData = pgTable(
  'course_table_data',
  {
    id: id(),
    courseId: courseRef(),
    feature: text('feature').notNull(),
    value: text('value').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('course_table_data_course_idx').on(t.courseId, t.createdAt)],
);

export const batches = pgTable(
  'batches',
  {
    id: id(),
    batchName: text('batch_name').notNull(),
    startDate: timestamp('start_date', { withTimezone: true, mode: 'string' }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true, mode: 'string' }),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('batches_created_at_idx').on(t.createdAt)],
);

export const enrollments = pgTable(
  'enrollments',
  {
    id: id(),
    // restrict: a batch that still holds enrollments is never deleted (the route answers 409 first).
    batchId: uuid('batch_id').references(() => batches.id, { onDelete: 'restrict' }),
    // set null: deleting a user or a course keeps the financial record and its copied details.
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    courseId: uuid('course_id').references(() => courses.id, { onDelete: 'set null' }),
    userName: text('user_name').notNull(),
    userEmail: text('user_email').notNull(),
    userPhone: text('user_phone'),
    courseTitle: text('course_title').notNull(),
    courseDescription: text('course_description').notNull(),
    courseSlug: text('course_slug').notNull(),
    availableDays: text('available_days'),
    amount: money('amount'),
    currency: text('currency'),
    paymentMethod: text('payment_method'),
    transactionId: text('transaction_id'),
    paymentId: text('payment_id'),
    amountPaid: money('amount_paid'),
    paymentStatus: text('payment_status', { enum: ['pending', 'completed', 'failed'] })
      .notNull()
      .default('pending'),
    progress: integer('progress').notNull().default(0),
    completed: boolean('completed').notNull().default(false),
    certificateIssued: boolean('certificate_issued').notNull().default(false),
    isApproved: boolean('is_approved').notNull().default(false),
    isVerified: boolean('is_verified').notNull().default(false),
    verifiedAt: timestamp('verified_at', { withTimezone: true, mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('enrollments_created_at_idx').on(t.createdAt.desc(), t.id.desc()),
    index('enrollments_batch_idx').on(t.batchId),
    index('enrollments_user_idx').on(t.userId),
    index('enrollments_course_idx').on(t.courseId),
    check('enrollments_progress_range', sql`${t.progress} between 0 and 100`),
  ],
);

export const servicePurchases = pgTable(
  'service_purchases',
  {
    id: id(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    image: text('image').notNull(),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    customerPhone: text('customer_phone'),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    paymentMethod: text('payment_method'),
    transactionId: text('transaction_id'),
    isVerified: boolean('is_verified').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('service_purchases_created_at_idx').on(t.createdAt.desc(), t.id.desc()),
    index('service_purchases_user_idx').on(t.userId),
  ],
);

/**
 * One counter per list endpoint, bumped by statement-level triggers (migration 0002) whenever a table the
 * list is built from changes. A list reply is cached per version: repeated reads cost one tiny query.
 */
export const listVersions = pgTable('list_versions', {
  name: text('name').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/**
 * The sync log's clock (migration 0003): one row. Triggers bump `version` in the writing transaction and
 * hold its row lock until commit, so versions are handed out in commit order. `prunedBelow`: changes at or
 * below it may be gone, so a cursor below it starts a full sync. `epoch` names this database, so a cursor
 * from another one (a restore, a re-seeded copy) starts a full sync too.
 */
export const syncState = pgTable(
  'sync_state',
  {
    id: integer('id').primaryKey(),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
    prunedBelow: bigint('pruned_below', { mode: 'number' }).notNull().default(0),
    epoch: uuid('epoch').notNull().defaultRandom(),
    /** The activity window's start (migration 0006): the sync carries entries at or after it; null: all. */
    activityFrom: timestamp('activity_from', { withTimezone: true, mode: 'string' }),
    activityFromId: uuid('activity_from_id'),
  },
  (t) => [check('sync_state_one_row', sql`${t.id} = 1`)],
);

/** One row per (version, list, row) a write touched, derived rows included; pruned after SYNC_RETENTION_DAYS. */
export const syncChanges = pgTable(
  'sync_changes',
  {
    version: bigint('version', { mode: 'number' }).notNull(),
    list: text('list').notNull(),
    rowId: uuid('row_id').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    // Pulls read in (version, list, row) order from a position; pruning finds old entries by time (BRIN:
    // the log is appended in time order, so a few pages of summary cover millions of rows).
    index('sync_changes_position_idx').on(t.version, t.list, t.rowId),
    index('sync_changes_changed_at_idx').using('brin', t.changedAt),
  ],
);

/**
 * The activity log (migrations 0004, 0005): one row per record a write through the API changed, written
 * in the writing transaction by triggers that read the admin from the transaction's `coursedesk.actor`
 * setting, plus logins, logouts and throttled logins. Never updated (a trigger refuses); deleted only by
 * ACTIVITY_RETENTION_DAYS. Names and emails are copied: the entry outlives the admin and the record.
 */
export const activity = pgTable(
  'activity',
  {
    id: id(),
    // The demo seed writes its past through the real write path with `coursedesk.backdate` set (migration 0007).
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' })
      .notNull()
      .default(sql`coalesce(nullif(current_setting('coursedesk.backdate', true), '')::timestamptz, clock_timestamp())`),
    adminId: uuid('admin_id'),
    adminName: text('admin_name'),
    adminEmail: text('admin_email'),
    action: text('action').notNull(),
    kind: text('kind').notNull(),
    recordId: uuid('record_id'),
    recordName: text('record_name').notNull().default(''),
    summary: text('summary').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('activity_created_at_idx').on(t.createdAt.desc(), t.id.desc()),
    index('activity_record_idx').on(t.recordId),
  ],
);
