/**
 * Every route of the API, its method and path, declared once. The contract (src/shared/api-contract.ts) takes each
 * operation's method and path from here, the server registers its routes from the contract, and the PWA calls each
 * route by its declaration here, which carries both its method and its URL (`apiCall(API_ROUTES.updateCard, …)`,
 * src/app/lib/api-client.ts). No zod: the first screen and the sync's page worker import it.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRoute {
  method: HttpMethod;
  /** Fastify's form: `/api/users/:id`. */
  path: string;
}

const route = <const M extends HttpMethod, const P extends string>(method: M, path: P) => ({ method, path });

export const API_ROUTES = {
  health: route('GET', '/api/health'),
  openapi: route('GET', '/api/openapi.json'),
  siteConfig: route('GET', '/api/config'),
  login: route('POST', '/api/users/login-admin'),
  loginCode: route('POST', '/api/users/login-2fa'),
  loginTwoFactorSetup: route('POST', '/api/users/login-2fa/setup'),
  loginByToken: route('GET', '/api/users/login-by-token'),
  logout: route('POST', '/api/users/logout'),
  logoutOffline: route('POST', '/api/users/logout-offline'),
  twoFactorStatus: route('GET', '/api/account/two-factor'),
  twoFactorSetup: route('POST', '/api/account/two-factor/setup'),
  twoFactorEnable: route('POST', '/api/account/two-factor/enable'),
  recoveryCodes: route('POST', '/api/account/two-factor/recovery-codes'),
  twoFactorDisable: route('POST', '/api/account/two-factor/disable'),
  sessions: route('GET', '/api/account/sessions'),
  endSession: route('DELETE', '/api/account/sessions/:id'),
  endOtherSessions: route('POST', '/api/account/sessions/end-others'),
  users: route('GET', '/api/users'),
  user: route('GET', '/api/users/:id'),
  deleteUser: route('DELETE', '/api/users/:id'),
  courses: route('GET', '/api/courses'),
  course: route('GET', '/api/courses/:id'),
  addCourse: route('POST', '/api/courses/card'),
  deleteCourse: route('DELETE', '/api/courses/:id'),
  updatePageData: route('PUT', '/api/courses/:id/pageData'),
  updateCard: route('PUT', '/api/courses/:id/card'),
  updateLearningPoints: route('PUT', '/api/courses/:id/what-you-will-learn'),
  enrollments: route('GET', '/api/enrollments'),
  enroll: route('POST', '/api/enrollment/enroll'),
  setProgress: route('PUT', '/api/enrollment/enrollments/:id/progress'),
  completeEnrollment: route('PUT', '/api/enrollments/:id/complete'),
  updateEnrollment: route('PUT', '/api/enrollment/:id'),
  approveEnrollment: route('PUT', '/api/enrollments/approve/:id'),
  disapproveEnrollment: route('PUT', '/api/enrollments/dis-approve/:id'),
  deleteEnrollment: route('DELETE', '/api/enrollments/:id'),
  batches: route('GET', '/api/batches'),
  startBatch: route('POST', '/api/batches/start'),
  updateBatch: route('PUT', '/api/batches/update/:id'),
  deleteBatch: route('DELETE', '/api/batches/delete/:id'),
  importEnrollments: route('POST', '/api/batches/:id/import'),
  services: route('GET', '/api/services'),
  userServices: route('GET', '/api/services/user/:id'),
  addService: route('POST', '/api/services'),
  verifyService: route('PATCH', '/api/services/:id/verify'),
  deleteService: route('DELETE', '/api/services/:id'),
  enrollmentsBulk: route('POST', '/api/enrollments/bulk'),
  servicesBulk: route('POST', '/api/services/bulk'),
  usersBulk: route('POST', '/api/users/bulk'),
  activity: route('GET', '/api/activity'),
  sync: route('GET', '/api/sync'),
  syncStream: route('GET', '/api/sync/stream'),
} satisfies Record<string, ApiRoute>;

export type ApiRouteName = keyof typeof API_ROUTES;

/** A course item kind's add, update and delete, below `/api/courses/` at the kind's path segment (`syllabus` …). */
export const courseItemRoutes = <const S extends string>(segment: S) => ({
  add: route('POST', `/api/courses/${segment}/add`),
  update: route('PUT', `/api/courses/${segment}/update`),
  remove: route('DELETE', `/api/courses/${segment}/delete`),
});

/** A course item kind's add, update or delete route (any kind). */
export type CourseItemRoute = ReturnType<typeof courseItemRoutes<string>>[keyof ReturnType<typeof courseItemRoutes>];

/** Every route declared here: the only routes the PWA can call (src/app/lib/api-client.ts). */
export type DeclaredRoute = (typeof API_ROUTES)[ApiRouteName] | CourseItemRoute;
