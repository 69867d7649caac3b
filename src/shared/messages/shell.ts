/** What surrounds the screens: the public site's links, tab titles, ways back, edit conflicts. */
export const SHELL_MESSAGES = {
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
