import { plural } from '../plural';

/** Bulk actions and the CSV import. */
export const BULK_IMPORT_MESSAGES = {
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
} as const;
