import { z } from 'zod';
import { API_ROUTES, courseItemRoutes, type ApiRoute, type ApiRouteName } from './api-routes';
import { LIMITS } from './constants';
import { activityPageSchema, activityQuery } from './schemas/activity';
import { authPayloadSchema, loginBody } from './schemas/auth';
import { batchBody, batchSchema, batchUpdateBody } from './schemas/batch';
import { bulkReplySchema, enrollmentBulkBody, serviceBulkBody, userBulkBody } from './schemas/bulk';
import { apiErrorSchema, idParams } from './schemas/common';
import {
  courseCardBody,
  courseCardUpdateBody,
  courseSchema,
  pageDataBody,
  whatYouWillLearnBody,
} from './schemas/course';
import {
  COURSE_ITEM_KIND_NAMES,
  COURSE_ITEM_KINDS,
  courseItemBodies,
  type CourseItemKind,
} from './schemas/course-item-kinds';
import { enrollBody, enrollmentSchema, enrollmentUpdateBody, progressBody } from './schemas/enrollment';
import { IMPORT_MAX_MB, IMPORT_MAX_ROWS, importQuery, importReplySchema } from './schemas/import';
import {
  challengeBody,
  codeBody,
  loginCodeBody,
  loginCodeReplySchema,
  loginReplySchema,
  revokeSessionsBody,
  sessionInfoSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from './schemas/security';
import { serviceCreateBody, serviceSchema } from './schemas/service';
import { siteConfigSchema } from './schemas/site-config';
import { syncQuery, syncReplySchema } from './schemas/sync';
import { userSchema } from './schemas/user';
import { batchVersionBody, versionBody } from './schemas/version';

/**
 * The API's contract, one row per route, built from the same zod schemas the server validates with and
 * the PWA's forms reuse. The OpenAPI description (`GET /api/openapi.json`) is generated from this table,
 * and the API tests check every reply against it: there is no second copy of the contract to drift.
 */

export interface ApiOperation extends ApiRoute {
  tag: string;
  summary: string;
  /** No token needed (health, login); every other route needs an admin's token. */
  public?: boolean;
  params?: z.ZodType;
  query?: z.ZodType;
  /** A JSON body's schema, or the media type of a body that is not JSON (an uploaded file). */
  body?: z.ZodType | { mediaType: string; description: string };
  /** The success status and body; a reply that is not JSON (a stream) names its media type instead. */
  status: 200 | 201;
  reply: z.ZodType | { mediaType: string; description: string };
  /** Sign-in attempts: a 429 with Retry-After when the throttle refuses. */
  throttled?: true;
  /** May answer 409; by default every write that needs a token may (a value in use, a record still needed). */
  conflict?: boolean;
}

const ok = <T extends z.ZodRawShape>(shape: T) => z.object({ success: z.literal(true), ...shape });
const toast = { message: z.string().optional(), showMessage: z.boolean().optional() };
const withCourse = ok({ ...toast, data: courseSchema });
const withEnrollment = ok({ ...toast, data: enrollmentSchema });
const withBatches = (data: boolean) =>
  ok({ ...toast, ...(data ? { data: batchSchema } : {}), allBatches: z.array(batchSchema) });

/** Add, update and delete of one course item kind (syllabus, FAQ …), at the spec's paths. */
function courseItemOperations(kind: CourseItemKind) {
  const { path, noun } = COURSE_ITEM_KINDS[kind];
  const bodies = courseItemBodies(kind);
  const routes = courseItemRoutes(path);
  const op = <R extends ApiRoute, B extends z.ZodType>(at: R, verb: string, body: B) => ({
    ...at,
    tag: 'Course items',
    summary: `${verb} a ${noun.toLowerCase()}`,
    body,
    status: 200 as const,
    reply: withCourse,
  });
  return {
    add: op(routes.add, 'Add', bodies.add),
    update: op(routes.update, 'Update', bodies.update),
    remove: op(routes.remove, 'Delete', bodies.remove),
  } satisfies Record<string, ApiOperation>;
}

export const COURSE_ITEM_OPERATIONS = Object.fromEntries(
  COURSE_ITEM_KIND_NAMES.map((kind) => [kind, courseItemOperations(kind)]),
) as Record<CourseItemKind, ReturnType<typeof courseItemOperations>>;

const bulkRoute = (at: ApiRoute, what: string, body: z.ZodType): ApiOperation => ({
  ...at,
  tag: 'Bulk actions',
  summary: `Act on many ${what} in one transaction; the reply lists what was done and what was refused`,
  body,
  status: 200,
  reply: bulkReplySchema,
});
export const API = {
  health: {
    ...API_ROUTES.health,
    tag: 'Operations',
    summary: 'Is this instance and its database up',
    public: true,
    status: 200,
    reply: z.object({ status: z.literal('ok'), db: z.enum(['pglite', 'postgres']) }),
  },
  openapi: {
    ...API_ROUTES.openapi,
    tag: 'Operations',
    summary: 'This description',
    status: 200,
    reply: { mediaType: 'application/json', description: 'The OpenAPI 3.1 document.' },
  },
  siteConfig: {
    ...API_ROUTES.siteConfig,
    tag: 'Operations',
    summary: "The server's run-time settings the PWA uses (the public site's address)",
    status: 200,
    reply: ok({ data: siteConfigSchema }),
  },
  login: {
    ...API_ROUTES.login,
    tag: 'Session',
    summary:
      'Log in as an administrator. With two-factor sign-in on (or REQUIRE_2FA), the reply is a challenge for ' +
      '`POST /api/users/login-2fa` instead of a token (`twoFactor: enrol`: set it up first)',
    public: true,
    body: loginBody,
    status: 200,
    reply: ok({ data: loginReplySchema }),
    throttled: true,
  },
  loginCode: {
    ...API_ROUTES.loginCode,
    tag: 'Session',
    summary:
      "The sign-in's second step: the challenge and a code of the authenticator app or a recovery code. " +
      `A challenge lives ${LIMITS.twoFactorChallengeMinutes} minutes and ${LIMITS.twoFactorChallengeTries} tries. ` +
      'After an enrolment the reply also carries the ten recovery codes, once',
    public: true,
    body: loginCodeBody,
    status: 200,
    reply: ok({ data: loginCodeReplySchema }),
    throttled: true,
  },
  loginTwoFactorSetup: {
    ...API_ROUTES.loginTwoFactorSetup,
    tag: 'Session',
    summary: 'REQUIRE_2FA and no key yet: a new key (QR code and text) for the challenge of login-admin',
    public: true,
    body: challengeBody,
    status: 200,
    reply: ok({ data: twoFactorSetupSchema }),
    conflict: true,
  },
  loginByToken: {
    ...API_ROUTES.loginByToken,
    tag: 'Session',
    summary: 'Check the stored token',
    status: 200,
    reply: ok({ data: authPayloadSchema }),
  },
  logout: {
    ...API_ROUTES.logout,
    tag: 'Session',
    summary: 'Revoke this token',
    status: 200,
    reply: ok({}),
  },
  logoutOffline: {
    ...API_ROUTES.logoutOffline,
    tag: 'Session',
    summary:
      'Logouts made offline, sent at the next connection: revokes the sessions of these SHA-256 token hashes ' +
      '(a hash cannot sign in, so the device keeps nothing usable). No token needed',
    public: true,
    body: revokeSessionsBody,
    status: 200,
    reply: ok({}),
    conflict: false,
  },
  twoFactorStatus: {
    ...API_ROUTES.twoFactorStatus,
    tag: 'Account',
    summary: 'Is two-factor sign-in on for me, required by the server, and how many recovery codes are left',
    status: 200,
    reply: ok({ data: twoFactorStatusSchema }),
  },
  twoFactorSetup: {
    ...API_ROUTES.twoFactorSetup,
    tag: 'Account',
    summary: 'A new key to add to an authenticator app (QR code and text); it is on once a code confirms it',
    status: 200,
    reply: ok({ data: twoFactorSetupSchema }),
  },
  twoFactorEnable: {
    ...API_ROUTES.twoFactorEnable,
    tag: 'Account',
    summary: 'Confirm the new key with a code of the app: two-factor sign-in is on; the reply has ten recovery codes',
    body: codeBody,
    status: 200,
    reply: ok({ ...toast, data: z.object({ recoveryCodes: z.array(z.string()) }) }),
    throttled: true,
  },
  recoveryCodes: {
    ...API_ROUTES.recoveryCodes,
    tag: 'Account',
    summary: 'Ten new recovery codes for a code of the app (or a recovery code); the earlier ones stop working',
    body: codeBody,
    status: 200,
    reply: ok({ ...toast, data: z.object({ recoveryCodes: z.array(z.string()) }) }),
    throttled: true,
  },
  twoFactorDisable: {
    ...API_ROUTES.twoFactorDisable,
    tag: 'Account',
    summary: 'Turn two-factor sign-in off with a code of the app or a recovery code',
    body: codeBody,
    status: 200,
    reply: ok(toast),
    throttled: true,
  },
  sessions: {
    ...API_ROUTES.sessions,
    tag: 'Account',
    summary:
      'My live sessions, most recently used first, with the lifetimes the server applies ' +
      '(SESSION_IDLE_DAYS without use, SESSION_MAX_DAYS after sign-in)',
    status: 200,
    reply: ok({ data: z.array(sessionInfoSchema), idleDays: z.number(), maxDays: z.number() }),
  },
  endSession: {
    ...API_ROUTES.endSession,
    tag: 'Account',
    summary: 'End one of my sessions: that device must sign in again',
    params: idParams,
    status: 200,
    reply: ok(toast),
    conflict: false,
  },
  endOtherSessions: {
    ...API_ROUTES.endOtherSessions,
    tag: 'Account',
    summary: 'End every session of mine but this one',
    status: 200,
    reply: ok(toast),
    conflict: false,
  },
  users: {
    ...API_ROUTES.users,
    tag: 'Users',
    summary: 'Every user, newest first',
    status: 200,
    reply: ok({ users: z.array(userSchema) }),
  },
  user: {
    ...API_ROUTES.user,
    tag: 'Users',
    summary: 'One user',
    params: idParams,
    status: 200,
    reply: ok({ data: userSchema }),
  },
  deleteUser: {
    ...API_ROUTES.deleteUser,
    tag: 'Users',
    summary: 'Delete a user (their enrollments and purchases stay)',
    params: idParams,
    status: 200,
    reply: ok(toast),
  },
  courses: {
    ...API_ROUTES.courses,
    tag: 'Courses',
    summary: 'Every course, oldest first',
    status: 200,
    reply: ok({ data: z.array(courseSchema) }),
  },
  course: {
    ...API_ROUTES.course,
    tag: 'Courses',
    summary: 'One course',
    params: idParams,
    status: 200,
    reply: ok({ data: courseSchema }),
  },
  addCourse: {
    ...API_ROUTES.addCourse,
    tag: 'Courses',
    summary: 'Add a course from its card',
    body: courseCardBody,
    status: 201,
    reply: withCourse,
  },
  deleteCourse: {
    ...API_ROUTES.deleteCourse,
    tag: 'Courses',
    summary: 'Delete a course (enrollments keep their copy)',
    params: idParams,
    body: versionBody,
    status: 200,
    reply: ok(toast),
  },
  updatePageData: {
    ...API_ROUTES.updatePageData,
    tag: 'Courses',
    summary: "Replace the course's page data",
    params: idParams,
    body: pageDataBody,
    status: 200,
    reply: withCourse,
  },
  updateCard: {
    ...API_ROUTES.updateCard,
    tag: 'Courses',
    summary: "Replace the course's card (the course list and the public catalogue show it)",
    params: idParams,
    body: courseCardUpdateBody,
    status: 200,
    reply: withCourse,
  },
  updateLearningPoints: {
    ...API_ROUTES.updateLearningPoints,
    tag: 'Courses',
    summary: 'Replace the learning points',
    params: idParams,
    body: whatYouWillLearnBody,
    status: 200,
    reply: withCourse,
  },
  enrollments: {
    ...API_ROUTES.enrollments,
    tag: 'Enrollments',
    summary: 'Every enrollment, newest first',
    status: 200,
    reply: ok({ data: z.array(enrollmentSchema) }),
  },
  enroll: {
    ...API_ROUTES.enroll,
    tag: 'Enrollments',
    summary:
      'Enroll a user (copies their contact and the course details). A transaction ID already recorded on an ' +
      'enrollment is a 409: enrolls and imports take turns on one lock, so one ID is never recorded twice. ' +
      '(Not a unique index: data from before this rule may hold an ID twice, and nothing deletes a payment record.)',
    body: enrollBody,
    status: 201,
    reply: withEnrollment,
  },
  setProgress: {
    ...API_ROUTES.setProgress,
    tag: 'Enrollments',
    summary: 'Set the progress',
    params: idParams,
    body: progressBody,
    status: 200,
    reply: withEnrollment,
  },
  completeEnrollment: {
    ...API_ROUTES.completeEnrollment,
    tag: 'Enrollments',
    summary: 'Mark as completed',
    params: idParams,
    status: 200,
    reply: withEnrollment,
  },
  updateEnrollment: {
    ...API_ROUTES.updateEnrollment,
    tag: 'Enrollments',
    summary: 'Update payment and progress fields',
    params: idParams,
    body: enrollmentUpdateBody,
    status: 200,
    reply: withEnrollment,
  },
  approveEnrollment: {
    ...API_ROUTES.approveEnrollment,
    tag: 'Enrollments',
    summary: 'Approve',
    params: idParams,
    status: 200,
    reply: withEnrollment,
  },
  disapproveEnrollment: {
    ...API_ROUTES.disapproveEnrollment,
    tag: 'Enrollments',
    summary: 'Disapprove',
    params: idParams,
    status: 200,
    reply: withEnrollment,
  },
  deleteEnrollment: {
    ...API_ROUTES.deleteEnrollment,
    tag: 'Enrollments',
    summary: 'Delete an enrollment (the reply holds it)',
    params: idParams,
    body: versionBody,
    status: 200,
    reply: withEnrollment,
  },
  batches: {
    ...API_ROUTES.batches,
    tag: 'Batches',
    summary: 'Every batch, oldest first',
    status: 200,
    reply: ok({ batches: z.array(batchSchema) }),
  },
  startBatch: {
    ...API_ROUTES.startBatch,
    tag: 'Batches',
    summary: 'Start a batch',
    body: batchBody,
    status: 201,
    reply: withBatches(true),
  },
  updateBatch: {
    ...API_ROUTES.updateBatch,
    tag: 'Batches',
    summary: 'Update a batch',
    params: idParams,
    body: batchUpdateBody,
    status: 200,
    reply: withBatches(true),
  },
  deleteBatch: {
    ...API_ROUTES.deleteBatch,
    tag: 'Batches',
    summary: 'Delete a batch without enrollments',
    params: idParams,
    body: batchVersionBody,
    status: 200,
    reply: withBatches(false),
  },
  importEnrollments: {
    ...API_ROUTES.importEnrollments,
    tag: 'Batches',
    summary:
      'Import enrollments into a batch from a CSV file with the columns of the enrollments download. ' +
      '`dryRun=true` checks every row and writes nothing; otherwise the valid rows are imported in one ' +
      'transaction, a transaction ID already recorded is skipped (importing a file twice adds nothing), and ' +
      'the reply gives each outcome of each row. A bad file (not UTF-8, wrong columns, formulas, too many rows) is a ' +
      '400 that changes nothing; a file over the size limit is a 413',
    params: idParams,
    query: importQuery,
    body: {
      mediaType: 'text/csv',
      description: `UTF-8 CSV, a header row then at most ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows, at most ${IMPORT_MAX_MB} MB.`,
    },
    status: 200,
    reply: importReplySchema,
  },
  services: {
    ...API_ROUTES.services,
    tag: 'Service purchases',
    summary: 'Every purchase, newest first',
    status: 200,
    reply: ok({ data: z.array(serviceSchema) }),
  },
  userServices: {
    ...API_ROUTES.userServices,
    tag: 'Service purchases',
    summary: "One user's purchases",
    params: idParams,
    status: 200,
    reply: ok({ data: z.array(serviceSchema) }),
  },
  addService: {
    ...API_ROUTES.addService,
    tag: 'Service purchases',
    summary: 'Record a purchase',
    body: serviceCreateBody,
    status: 201,
    reply: ok({ ...toast, data: serviceSchema }),
  },
  verifyService: {
    ...API_ROUTES.verifyService,
    tag: 'Service purchases',
    summary: 'Flip verified',
    params: idParams,
    body: versionBody,
    status: 200,
    reply: ok({ ...toast, data: serviceSchema }),
  },
  deleteService: {
    ...API_ROUTES.deleteService,
    tag: 'Service purchases',
    summary: 'Delete a purchase',
    params: idParams,
    body: versionBody,
    status: 200,
    reply: ok(toast),
  },

  enrollmentsBulk: bulkRoute(
    API_ROUTES.enrollmentsBulk,
    'enrollments (approve, disapprove, delete)',
    enrollmentBulkBody,
  ),
  servicesBulk: bulkRoute(API_ROUTES.servicesBulk, 'service purchases (approve, disapprove, delete)', serviceBulkBody),
  usersBulk: bulkRoute(API_ROUTES.usersBulk, 'users (delete)', userBulkBody),

  activity: {
    ...API_ROUTES.activity,
    tag: 'Activity',
    summary:
      'The activity log, a page at a time, newest first: every write through the API (fields before and ' +
      'after), logins, logouts and throttled logins, filtered by admin, kind, action, record, days in the ' +
      "admin's time zone and text. Send `nextCursor` back as `cursor` for the next page. Read only. " +
      'See docs/activity.md',
    query: activityQuery,
    status: 200,
    reply: activityPageSchema,
  },

  sync: {
    ...API_ROUTES.sync,
    tag: 'Sync',
    summary:
      "The PWA's delta pull: rows changed and ids deleted since `cursor` " +
      '(none: a full sync in pages of `limit` rows, the `first` list before the others, with `progress` per list ' +
      "and, on its first page, the dashboard's figures in `summary`). See docs/sync.md",
    query: syncQuery,
    status: 200,
    reply: syncReplySchema,
  },
  syncStream: {
    ...API_ROUTES.syncStream,
    tag: 'Sync',
    summary: 'Server-sent events: `change` with the new sync version whenever any instance commits a change',
    status: 200,
    reply: {
      mediaType: 'text/event-stream',
      description:
        '`event: change` / `data: {"version":N}` once on opening and after each committed change; ' +
        'a `: ping` comment every 25 s. Ends when the session does.',
    },
  },
} satisfies Record<ApiRouteName, ApiOperation>;

/** Every operation, the course items' among them: what the OpenAPI description and the tests walk. */
export const API_OPERATIONS: ApiOperation[] = [
  ...Object.values(API),
  ...COURSE_ITEM_KIND_NAMES.flatMap((kind) => Object.values(COURSE_ITEM_OPERATIONS[kind])),
];

export const API_ERROR_SCHEMA = apiErrorSchema;

/** The operation a method and a route pattern name, if the contract has it. */
export const findOperation = (method: string, path: string) =>
  API_OPERATIONS.find((op) => op.method === method && op.path === path);
