/** The business constants and limits, in one place for the PWA and the server. */

export const CURRENCIES = ['INR', 'USD', 'EUR', 'GBP'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const PAYMENT_STATUSES = ['pending', 'completed', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const PROGRESS_MIN = 0;
export const PROGRESS_MAX = 100;

export const STORAGE_KEYS = {
  authToken: 'authToken',
  userData: 'userData',
  theme: 'theme',
  /** SHA-256 hashes of tokens logged out offline, until the server has revoked them (no usable token stays). */
  pendingLogouts: 'pendingLogouts',
} as const;
export const DEFAULT_THEME = 'dark' as const;

export const TOAST = {
  durationMs: { blank: 4000, error: 4000, custom: 4000, success: 2000, loading: Infinity },
  limit: 20,
  position: 'top-center',
  gutter: 8,
  maxWidth: 350,
} as const;

export const CSV_DEFAULT_CURRENCY: Currency = 'USD';
export const CSV_DEFAULT_AMOUNT = '0.00';

export const DATE_LOCALE = 'en-US';
export const PRICE_PREFIX = '$';

export const COURSE_TABS = ['Page Data', 'Syllabus', 'FAQ', 'Reviews', 'Resources', 'Features', 'Learn'] as const;
export const TEXTAREA_MIN_ROWS = 4;
export const DESCRIPTION_CLAMP_LINES = 2;

export const BREAKPOINT_PX = 1024;
export const SIDEBAR_WIDTH = '16rem';
export const USERS_TABLE_MAX_HEIGHT_PX = 900;

/** Server-side limits (ours: docs/choices.md, Limits). */
export const LIMITS = {
  bodyBytes: 1024 * 1024,
  shortText: 200,
  longText: 5000,
  /** Failed logins (or codes) of one account from one address in the window before that pair waits. */
  loginFailuresPerAccountAddress: 10,
  loginFailuresPerIp: 100,
  loginWindowMinutes: 15,
  /** ASVS 2.2.1: at most this many failures an hour per account; past it only addresses without failures try. */
  loginFailuresPerAccountHour: 100,
  /** A password accepted, the second factor must follow within these minutes and these tries. */
  twoFactorChallengeMinutes: 5,
  twoFactorChallengeTries: 5,
  recoveryCodes: 10,
} as const;

/** The neutral picture of a course added without one (public/images/courses/default.svg). */
export const DEFAULT_COURSE_IMAGE = '/images/courses/default.svg';
