import { plural, pluralShown } from '../plural';

/** The notices after deleting a course item: 'FAQ has been deleted.', 'Failed to delete FAQ.' */
const itemDeleted = (noun: string, lowerNoun: string) => ({
  text: `${noun} has been deleted.`,
  failText: `Failed to delete ${lowerNoun}.`,
});

/** The screens' texts as the product specification writes them. */
export const SCREEN_MESSAGES = {
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
    syllabus: itemDeleted('Syllabus', 'syllabus'),
    faq: itemDeleted('FAQ', 'FAQ'),
    review: itemDeleted('Review', 'review'),
    resource: itemDeleted('Additional resource', 'additional resource'),
    tableData: itemDeleted('Table data', 'table data'),
    user: {
      title: 'Deleted!',
      text: 'The user has been deleted.',
      failTitle: 'Error!',
      failText: 'Failed to delete the user.',
    },
    batch: { title: 'Deleted!', text: 'Batch has been deleted.' },
  },
  /** The course item tabs: the noun of their buttons ('Add FAQ'), what the count line counts, the empty list. */
  courseItemTabs: {
    syllabus: { noun: 'Syllabus', counted: 'week', empty: 'No syllabus weeks yet.' },
    faq: { noun: 'FAQ', counted: 'question', empty: 'No FAQs yet.' },
    review: { noun: 'Review', counted: 'review', empty: 'No reviews yet.' },
    resource: { noun: 'Resource', counted: 'resource', empty: 'No resources yet.' },
    tableData: { noun: 'Feature', counted: 'feature', empty: 'No features yet.' },
  },
  /** The course's card (the course list, the public catalogue) beside its page (issue 23). */
  courseCard: {
    noReviews: 'No reviews yet',
    edit: 'Edit card',
    /** On a phone: shows the rating, the description and the notes below the card's one row. */
    details: 'Card details',
    editTitle: 'Edit Course Card',
    update: 'Update Card',
    cardLegend: 'Course card',
    cardShows: 'The course list and the public catalogue show this card.',
    pageShows: (title: string, price: string) => `The course page shows “${title}” at ${price} (Page Data tab).`,
    pageLegendHint: (title: string, price: string) =>
      `The course page's own title and price. The card in the course list shows “${title}” at ${price}.`,
    imageHint: 'Path or address of the card picture (16:9). Leave empty for the neutral default picture.',
    defaultImage: 'The neutral default picture',
    noneYetHint: 'Leave Rating and Reviews empty while the course has no reviews yet.',
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
    record: {
      back: 'Back to users',
      loading: 'Loading',
      notFoundTitle: 'User not found',
      notFoundText: 'This user is not in the loaded list. They may have been deleted.',
    },
  },
  enrollments: { empty: 'No enrollments found.', loading: 'Loading' },
  /** The search, status filter and sorting of the list screens (issue 23). */
  lists: {
    clearSearch: 'Clear search',
    status: 'Status',
    all: 'All',
    pending: 'Pending',
    approved: 'Approved',
    verified: 'Verified',
    notVerified: 'Not Verified',
    sortBy: 'Sort by',
    listOrder: 'List order',
    ascending: (column: string) => `${column}, A to Z / lowest first`,
    descending: (column: string) => `${column}, Z to A / highest first`,
    enrollmentsShown: (shown: number, total: number) => pluralShown(shown, total, 'enrollment'),
    purchasesShown: (shown: number, total: number) => pluralShown(shown, total, 'purchase'),
    searchEnrollments: 'Search enrollments',
    enrollmentsPlaceholder: 'Search by name, email, course or transaction',
    searchServices: 'Search service purchases',
    servicesPlaceholder: 'Search by service, customer or email',
    allEnrollments: 'All enrollments',
    allEnrollmentsHint: 'Every batch in one list: search, filter and sort to find the pending work.',
    batchColumn: 'Batch',
    pendingAcrossBatches: 'All the pending ones, across batches',
    noBatch: 'No batch',
  },
  /** Counts under page titles and on cards; one plural rule and one number format for all of them. */
  count: {
    enrollments: (n: number) => plural(n, 'enrollment'),
    batches: (n: number) => plural(n, 'batch', 'batches'),
    purchases: (n: number) => plural(n, 'purchase'),
    reviews: (n: number) => `(${plural(n, 'review')})`,
    pending: (n: number) => `${n.toLocaleString('en-US')} pending approval`,
    users: (shown: number, total: number) => pluralShown(shown, total, 'user'),
  },
  services: {
    empty: 'No services found.',
    record: {
      back: 'Back to services',
      loading: 'Loading service details...',
      notFoundTitle: 'Service not found',
      notFoundText: 'This purchase is not in the loaded list. It may have been deleted.',
    },
  },
  notFound: { title: 'Oops! Lost in Space?', code: 'Error Code: 404 - Page Not Found' },
} as const;
