import { plural, pluralShown } from './plural';

/**
 * Every sentence a person reads: the product specification's texts exactly as written there, and the product's own
 * (server replies, bulk actions, settings).
 */
/** The notices after deleting a course item: 'FAQ has been deleted.', 'Failed to delete FAQ.' */
const itemDeleted = (noun: string, lowerNoun: string) => ({
  text: `${noun} has been deleted.`,
  failText: `Failed to delete ${lowerNoun}.`,
});

/** What a write did, as the activity log reads it ('Approved'). */
const ACTIVITY_VERBS = {
  create: 'Created',
  update: 'Updated',
  delete: 'Deleted',
  approve: 'Approved',
  disapprove: 'Disapproved',
  complete: 'Completed',
  import: 'Imported',
};

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
    editTitle: 'Edit Course Card',
    update: 'Update Card',
    cardLegend: 'Course card',
    cardShows: 'The course list and the public catalogue show this card.',
    pageShows: (title: string, price: string) => `The course page shows “${title}” at ${price} (Page Data tab).`,
    pageLegendHint: (title: string, price: string) =>
      `The course page's own title and price. The card in the course list shows “${title}” at ${price}.`,
    imageHint: 'Path or address of the card picture (16:9). Leave empty for the neutral default picture.',
    defaultImage: 'The neutral default picture',
    noneYetHint: 'Leave empty for a new course: it has no reviews yet.',
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
    tooManyAttempts: (minutes: number) => `Too many failed login attempts. Try again in ${plural(minutes, 'minute')}.`,
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
    cardUpdated: 'Course card updated.',
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
    /** The screens' words around a selection (the data table's checkboxes and the bulk bar). */
    selectEnrollment: (name: string) => `Select enrollment of ${name}`,
    selectService: (title: string, name: string) => `Select service ${title} of ${name}`,
    selectUser: (name: string) => `Select user ${name}`,
    selectAll: (n: number) => `Select all ${n.toLocaleString('en-US')} matching`,
    selected: (what: string) => `${what} selected`,
    actionsLabel: 'Actions on the selected records',
    approve: 'Approve selected',
    disapprove: 'Disapprove selected',
    delete: 'Delete selected',
    clear: 'Clear selection',
    /** "Delete 37 enrollments?" */
    confirmDeleteTitle: (what: string) => `Delete ${what}?`,
    confirmDeleteButton: (n: number) => (n === 1 ? 'Yes, delete it!' : 'Yes, delete them!'),
    tooMany: (max: number) =>
      `At most ${max.toLocaleString('en-US')} records at once: narrow the search or clear some of the selection.`,
    /** The panel that lists what was refused and why; the refused records stay selected. */
    refusedTitle: (what: string) => `${what} not changed`,
    refusedLine: (name: string, why: string) => `${name}: ${why}`,
    refusedMore: (n: number) => `…and ${n.toLocaleString('en-US')} more.`,
    refusedKept: 'They are still selected, so you can check them and try again.',
    dismiss: 'Dismiss',
  },
  import: {
    button: 'Import CSV',
    title: (batch: string) => `Import enrollments into ${batch}`,
    intro:
      'Choose a CSV file with the columns of the enrollments download. Every row is checked first; nothing is ' +
      'saved until you import.',
    templateHint: 'Email, Paid Amount (e.g. USD 49.00), Payment Method, Transaction ID and Course are read.',
    template: 'Download template',
    templateFile: 'enrollments-import-template.csv',
    fileLabel: 'CSV file',
    filePlaceholder: 'Choose a .csv file',
    clearFile: 'Clear the chosen file',
    check: 'Check file',
    checking: 'Checking...',
    importRows: (n: number) => `Import ${plural(n, 'enrollment')}`,
    importing: 'Importing...',
    chooseAnother: 'Choose another file',
    close: 'Close',
    finish: 'Done',
    cancel: 'Cancel',
    resultFile: 'Download result file',
    resultFileName: (batch: string) => `${batch} import result.csv`,
    onlyProblems: 'Show only rows with problems',
    previewCaption: 'What happens to each row',
    nothingToImport: 'No row can be imported: fix the rows below and check the file again.',
    offline: 'You are offline. Importing needs a connection.',
    columns: { row: 'Row', result: 'Result', details: 'Details' },
    status: { ready: 'Ready', imported: 'Imported', skipped: 'Skipped', invalid: 'Invalid' },
    /** The reply's message and the screen's summary. */
    checked: (ready: number, skipped: number, invalid: number) =>
      `${plural(ready, 'row')} ready to import, ${skipped.toLocaleString('en-US')} already recorded, ` +
      `${invalid.toLocaleString('en-US')} with errors.`,
    done: (imported: number, skipped: number, invalid: number) =>
      `Imported ${plural(imported, 'enrollment')}. ${skipped.toLocaleString('en-US')} already recorded, ` +
      `${invalid.toLocaleString('en-US')} with errors: the result file says why.`,
    // Whole-file refusals: nothing is imported.
    notCsv: 'Send the file as CSV text (content-type: text/csv).',
    empty: 'The file is empty. Start from the template: a header row, then one row per enrollment.',
    noRows: 'The file has a header but no enrollments.',
    notUtf8: 'The file is not UTF-8 text. In your spreadsheet, save it as "CSV UTF-8 (Comma delimited)" and try again.',
    notText: 'The file is not a CSV text file (it holds binary data). Save it as "CSV UTF-8 (Comma delimited)".',
    tooLarge: (mb: number) => `The file is larger than ${mb} MB. Split it into smaller files and import each.`,
    tooManyRows: (max: number) =>
      `The file has more than ${max.toLocaleString('en-US')} enrollments. Split it into files of at most ` +
      `${max.toLocaleString('en-US')} rows.`,
    semicolons: 'The columns are separated by semicolons. Save the file as "CSV UTF-8 (Comma delimited)".',
    missingColumns: (columns: string) => `The file lacks the columns ${columns}. Start from the template.`,
    unknownColumns: (columns: string) =>
      `The file has columns the import does not know: ${columns}. Use the columns of the template.`,
    repeatedColumns: (columns: string) => `The file has the same column twice: ${columns}.`,
    unclosedQuote: (row: number) => `Row ${row} opens a quote (") that is never closed. Check that row.`,
    formulas: (cells: string) =>
      `Some cells start with =, +, - or @, which spreadsheets run as formulas: ${cells}. Remove that first ` +
      `character, or start the cell with ' to keep it as text.`,
    cellAt: (row: number, column: string) => `row ${row} (${column})`,
    andMore: (n: number) => `and ${n.toLocaleString('en-US')} more`,
    // Row problems: the row is not imported, the others are.
    cellCount: (cells: number, columns: number) => `This row has ${cells} cells; the header has ${columns}.`,
    required: (column: string) => `${column} is required.`,
    tooLong: (column: string, max: number) => `${column} must be at most ${max} characters.`,
    userNotFound: 'No user has this email.',
    courseNotFound: 'No course has this title or slug.',
    courseAmbiguous: 'Several courses have this title: write the course slug instead.',
    amountFormat: 'Write the currency, then the amount, e.g. USD 49.00.',
    amountTooLarge: 'The amount is too large.',
    currency: (codes: readonly string[]) => `The currency must be one of ${codes.join(', ')}.`,
    repeatedTransaction: (row: number) => `Row ${row} has the same Transaction ID.`,
    goneMeanwhile: 'The user or the course was deleted while importing.',
    // Row outcomes.
    willEnroll: (name: string, course: string, amount: string) => `Will enroll ${name} in ${course} for ${amount}.`,
    enrolled: (name: string, course: string, amount: string) => `Enrolled ${name} in ${course} for ${amount}.`,
    alreadyRecorded: 'Already recorded: an enrollment with this Transaction ID exists. Nothing added.',
    notImported: 'Not imported.',
  },
  /** The command palette (Ctrl/Cmd+K). */
  palette: {
    open: 'Search and commands',
    shortcut: 'Ctrl K',
    searchLabel: 'Search screens, records and commands',
    placeholder: 'Find a screen, name or email…',
    nothingFound: 'Nothing found.',
    typeMore: (min: number) =>
      `Type ${min} or more characters to search users, courses, batches, enrollments and purchases.`,
    groups: {
      screens: 'Go to',
      commands: 'Commands',
      users: 'Users',
      courses: 'Courses',
      batches: 'Batches',
      enrollments: 'Enrollments',
      services: 'Service purchases',
    },
    screens: {
      dashboard: 'Dashboard',
      users: 'Users',
      courses: 'Courses',
      enrollments: 'Enrollments',
      services: 'Services',
      activity: 'Activity',
      apiDocs: 'API reference',
    },
    reloadData: 'Reload Data',
    reloadDataHint: 'Sync every list again from the server',
    theme: (next: 'light' | 'dark') => `Switch to ${next} theme`,
    logout: 'Logout',
  },
  sync: {
    badCursor: 'The sync cursor is not valid. Pull again without a cursor to start a full sync.',
    badLimit: 'The page size (limit) must be a whole number from 1 to 5000.',
    loading: 'Loading your data…',
    reloading: 'Reloading data…',
    progress: (done: number, total: number) =>
      `${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} records`,
    notSynced: 'Not synced yet',
    synced: (when: string) => `Synced ${when}`,
    notOurs: 'The sync reply is not the API’s.',
    /** A screen whose list a start-up is still reading from the device. */
    readingList: 'Loading the list from this device…',
    /** GET /api/sync/stream over its cap (429): one browser needs one stream, its other tabs share it. */
    tooManyStreams: (most: number) =>
      `This session already has ${most} sync streams open, the most it may keep. A browser needs only one: its tabs share it.`,
  },
  activity: {
    /**
     * A write's summary is "<verb> <noun>: <record name>", e.g. "Approved enrollment: Jane Doe (jane@x.dev) ·
     * React Basics" (composed in the database, migration 0004, from these words).
     */
    verbs: ACTIVITY_VERBS,
    nouns: {
      user: 'user',
      course: 'course',
      batch: 'batch',
      enrollment: 'enrollment',
      service: 'service purchase',
      syllabus: 'syllabus item of course',
      faq: 'FAQ of course',
      review: 'review of course',
      resource: 'additional resource of course',
      tableData: 'table data of course',
    },
    login: 'Logged in',
    logout: 'Logged out',
    throttledEmail: (email: string, failures: number, minutes: number) =>
      `Login throttled for ${email}: ${plural(failures, 'failed attempt')} in ${plural(minutes, 'minute')}`,
    throttledIp: (ip: string, failures: number, minutes: number) =>
      `Login throttled for address ${ip}: ${plural(failures, 'failed attempt')} in ${plural(minutes, 'minute')}`,
    title: 'Activity',
    empty: 'No activity found.',
    searchLabel: 'Search activity',
    searchPlaceholder: 'Search by record name or email',
    clearSearch: 'Clear search',
    admin: 'Admin',
    kind: 'Kind',
    action: 'Action',
    from: 'From',
    to: 'To',
    any: 'Any',
    clearFilters: 'Clear filters',
    download: 'Download Activity',
    fileName: 'Activity.csv',
    count: (shown: number, total: number) => pluralShown(shown, total, 'entry', 'entries'),
    nobody: 'No admin',
    kinds: {
      user: 'User',
      course: 'Course',
      batch: 'Batch',
      enrollment: 'Enrollment',
      service: 'Service purchase',
      session: 'Session',
    } as Record<string, string>,
    actions: {
      ...ACTIVITY_VERBS,
      login: 'Logged in',
      logout: 'Logged out',
      'login-throttled': 'Login throttled',
    } as Record<string, string>,
    openRecord: (summary: string) => `Open the record of: ${summary}`,
    history: 'History',
    noHistory: 'No recorded changes yet.',
    showMore: (n: number) => `Show ${plural(n, 'older entry', 'older entries')}`,
    field: 'Field',
    before: 'Before',
    after: 'After',
    by: (admin: string) => `by ${admin}`,
    deletedEnrollmentTitle: 'Enrollment deleted',
    when: 'When',
    summary: 'Summary',
    deletedEnrollment: 'This enrollment was deleted. Its history, with its last state, is below.',
    csvHeader: ['Time', 'Admin', 'Admin Email', 'Action', 'Kind', 'Record ID', 'Record', 'Summary', 'Before', 'After'],
  },
  siteUrl: {
    goToCourseUnavailable:
      "The public site's address is not set (SITE_URL on the server), so there is no course page to open.",
    /** The 404 page's Search and Contact belong to the public site (/search and /contact). */
    publicPagesUnavailable:
      'Search and Contact are pages of the public site (its /search and /contact), whose address is not set (SITE_URL on the server).',
  },
  /** What surrounds every screen: the browser tab's title (screens are named as in palette.screens). */
  shell: {
    tabTitle: (screen: string) => `${screen} · Coursedesk`,
    loginScreen: 'Admin Login',
    notFoundScreen: 'Page not found',
    /** One style of way back from a record to its list: "← Back to …" (users.record and services.record too). */
    backToCourses: 'Back to courses',
    backToBatches: 'Back to all batches',
    backToBatch: (batchName: string) => `Back to ${batchName}`,
  },
  a11y: {
    skipToContent: 'Skip to content',
    showPassword: 'Show password',
    hidePassword: 'Hide password',
  },
  conflict: {
    /** The 409 of a write made on an older version (docs/conflicts.md); `what` is e.g. 'enrollment'. */
    changed: (what: string) => `Someone changed this ${what} after you opened it.`,
    explain: 'Their values are saved now. Take them, or save yours over them on purpose.',
    field: 'Field',
    theirs: 'Saved now (theirs)',
    yours: 'Yours',
    takeTheirs: 'Take their values',
    saveMine: 'Save mine anyway',
    gone: 'It has been deleted since.',
    empty: '(empty)',
    deleteAgainText: 'It changed since it was shown. Delete it anyway?',
    toggleAgain: 'The screen now shows it as it is. Check it and try again.',
  },
} as const;
