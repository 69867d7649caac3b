import { plural } from './plural';

/**
 * Every sentence a person reads: spec sections 2, 4, 5 and 8 exactly as written there, and the product's own
 * (server replies, bulk actions, settings).
 */
export const MESSAGES = {
  generic: {
    errorFallback: 'An error occurred. Please try again.',
    noResponse: 'No response from the server. Please check your network connection.',
    unexpected: 'An unexpected error occurred. Please try again.',
  },
  logout: {
    title: 'Are you sure you want to logout?',
    text: 'You will be logged out of your account.',
    confirm: 'Logout',
    cancel: 'Cancel',
    success: 'Logout Successfully',
  },
  confirmDelete: {
    title: 'Are you sure?',
    text: "You won't be able to revert this!",
    confirm: 'Yes, delete it!',
    cancel: 'Cancel',
  },
  deleteService: {
    title: 'Delete Service',
    text: (name: string) => `Are you sure you want to delete ${name}? This action cannot be undone.`,
  },
  deleted: {
    course: {
      title: 'Deleted!',
      text: 'Your course has been deleted.',
      failTitle: 'Error!',
      failText: 'There was an error deleting the course.',
    },
    syllabus: { text: 'Syllabus has been deleted.', failText: 'Failed to delete syllabus.' },
    faq: { text: 'FAQ has been deleted.', failText: 'Failed to delete FAQ.' },
    review: { text: 'Review has been deleted.', failText: 'Failed to delete review.' },
    resource: { text: 'Additional resource has been deleted.', failText: 'Failed to delete additional resource.' },
    tableData: { text: 'Table data has been deleted.', failText: 'Failed to delete table data.' },
    user: {
      title: 'Deleted!',
      text: 'The user has been deleted.',
      failTitle: 'Error!',
      failText: 'Failed to delete the user.',
    },
    batch: { title: 'Deleted!', text: 'Batch has been deleted.' },
  },
  enrollment: {
    completeFailed: 'Failed to mark course as completed',
    fetchFailed: 'Failed to fetch enrollments',
    updateFailed: 'Failed to update enrollment',
    deleteFailed: 'Failed to delete enrollment',
    approveFailed: 'Failed to approve enrollment. Please try again.',
    disapproveFailed: 'Failed to disapprove enrollment. Please try again.',
    deleteFailedRetry: 'Failed to delete enrollment. Please try again.',
    amountNegative: 'Amount paid cannot be negative.',
    progressRange: 'Progress must be between 0 and 100.',
    editFailed: 'An error occurred while updating the enrollment.',
  },
  users: {
    noUsers: 'No users found.',
    noDownload: 'No user data available to download.',
    searchPlaceholder: 'Search by Name or Email',
  },
  enrollments: { empty: 'No enrollments found.' },
  services: { empty: 'No services found.', loading: 'Loading service details...' },
  notFound: { title: 'Oops! Lost in Space?', code: 'Error Code: 404 - Page Not Found' },
  server: {
    enrollmentCreated: 'Enrollment created.',
    courseCompleted: 'Course marked as completed.',
    enrollmentUpdated: 'Enrollment has been updated.',
    enrollmentApproved: 'Enrollment approved.',
    enrollmentDisapproved: 'Enrollment disapproved.',
    enrollmentDeleted: 'Enrollment has been deleted.',
    serviceApproved: 'Service approved.',
    serviceDisapproved: 'Service disapproved.',
    serviceDeleted: 'Service deleted.',
    batchStarted: (name: string) => `Batch "${name}" has been started.`,
    batchUpdated: 'Batch has been updated.',
    batchHasEnrollments: (n: number) =>
      `This batch still has ${plural(n, 'enrollment')}. Move or delete ${n === 1 ? 'it' : 'them'} first.`,
    duplicate: 'That value is already in use.',
    stillReferenced: 'This record is still referenced by others.',
    courseAdded: 'Course added.',
    pageDataUpdated: 'Page data updated.',
    learningPointsUpdated: 'Learning points updated.',
    noFreeSlug: 'Could not find a free slug for this title. Try again.',
    slugTaken: (slug: string) => `The slug "${slug}" is already used by another course. Choose a different slug.`,
    slugInUse: 'This slug is already in use.',
    itemAdded: (noun: string) => `${noun} added.`,
    itemUpdated: (noun: string) => `${noun} updated.`,
    invalidCredentials: 'Invalid email or password',
    notAdmin: 'This account is not an administrator.',
    unauthorized: 'Please log in again: your session is missing, expired or was logged out.',
    forbidden: 'Only administrators can use this.',
    tooManyAttempts: (minutes: number) =>
      `Too many failed login attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    validation: 'Some fields are missing or invalid. Check them and try again.',
    malformedJson: 'The request body is not valid JSON.',
    notJson: 'Send the request body as JSON (content-type: application/json).',
    badUrl: 'The address is not valid.',
    parentGone: 'A record this refers to no longer exists. Reload Data and try again.',
    badEncoding: 'The request body is compressed in a way the server does not read (use gzip, deflate or br).',
    tooLarge: 'The request body is larger than 1 MB.',
    routeNotFound: 'There is no such API route.',
    internal: 'Something went wrong on the server. Please try again.',
    notFound: (what: string) => `${what} not found. It may have been deleted.`,
  },
  apiDocs: {
    title: 'API reference',
    loading: 'Loading the API description',
    failed: 'The API description could not be loaded. It needs a connection.',
    machineReadable: 'The machine-readable description:',
  },
  bulk: {
    done: (action: 'approve' | 'disapprove' | 'delete', what: string) =>
      `${{ approve: 'Approved', disapprove: 'Disapproved', delete: 'Deleted' }[action]} ${what}.`,
    someRefused: (what: string) => ` ${what} could not be changed: see why below.`,
    missing: 'It no longer exists.',
    changed: 'Someone changed it after you loaded it. Check it and try again.',
    self: 'You cannot delete your own account while logged in with it.',
  },
  sync: {
    badCursor: 'The sync cursor is not valid. Pull again without a cursor to start a full sync.',
    badLimit: 'The page size (limit) must be a whole number from 1 to 5000.',
  },
  siteUrl: {
    goToCourseUnavailable:
      "The public site's address is not set (SITE_URL on the server), so there is no course page to open.",
  },
  a11y: {
    skipToContent: 'Skip to content',
    showPassword: 'Show password',
    hidePassword: 'Hide password',
  },
} as const;
