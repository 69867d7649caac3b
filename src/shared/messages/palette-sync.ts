/** The command palette and the sync (its replies and its status in the shell). */
export const PALETTE_SYNC_MESSAGES = {
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
    badFirst: 'The list to send first (first) must be one of users, courses, batches, services, enrollments, activity.',
    loading: 'Loading your data…',
    reloading: 'Reloading data…',
    progress: (done: number, total: number) =>
      `${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} records`,
    notSynced: 'Not synced yet',
    /** Reload Data (docs/sync.md, "Reload Data keeps the app usable"): the overlay, the shell, the notice. */
    reload: {
      progressLabel: 'Reload Data progress',
      byList: 'Progress by list',
      starting: 'Asking the server for a fresh copy…',
      keepsCopy: 'You can keep working on the current copy: it is replaced in one step when the new one is whole.',
      keepWorking: 'Keep working',
      list: (name: string, done: number, total: number) =>
        `${name} ${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')}`,
      lists: {
        users: 'Users',
        courses: 'Courses',
        batches: 'Batches',
        services: 'Services',
        enrollments: 'Enrollments',
        activity: 'Activity',
      },
      /** The live region's words, at most every tenth of the way. */
      announce: (percent: number) => `Reload Data ${percent}% done`,
      background: (percent: number | null) =>
        percent === null ? 'Reloading in the background' : `Reloading in the background · ${percent}%`,
      backgroundShort: (percent: number | null) => (percent === null ? 'Reloading' : `Reloading ${percent}%`),
      failed: 'Reload Data failed. The copy on this device is unchanged.',
      failedShort: 'Reload failed',
      retry: 'Retry',
      done: 'Data reloaded: the screens show the fresh copy.',
    },
    /** The shell, under the sync status: the device copy's size and whether the browser keeps it (docs/sync.md). */
    deviceCopy: (size: string, kept: boolean) =>
      `Copy on this device: ${size} · ${kept ? 'kept' : 'the browser may clear it'}`,
    synced: (when: string) => `Synced ${when}`,
    notOurs: 'The sync reply is not the API’s.',
    /** A screen whose list a start-up is still reading from the device. */
    readingList: 'Loading the list from this device…',
    /** A list a first sync is still bringing (its screen shows the rows that have come, newest first). */
    arriving: (done: number, total: number, noun: string) =>
      `${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} ${noun} loaded. ` +
      'The rest are on their way: search and counts cover the loaded ones.',
    /** A download (or "select all") waits for the whole list. */
    waitsForList: (noun: string, total: number) =>
      `Available once all ${total.toLocaleString('en-US')} ${noun} are loaded`,
    /** The dashboard's figures while the lists are still coming: the server's, as of the sync's start. */
    summaryNote: 'Figures from the server as the first sync began; the lists are still loading.',
    /** GET /api/sync/stream over its cap (429): one browser needs one stream, its other tabs share it. */
    tooManyStreams: (most: number) =>
      `This session already has ${most} sync streams open, the most it may keep. A browser needs only one: its tabs share it.`,
  },
} as const;
