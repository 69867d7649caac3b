import { downloadCsv, toCsv } from '@/app/lib/csv';
import { orNA } from '@/app/lib/format';
import { DATE_LOCALE } from '@/shared/constants';
import { MESSAGES } from '@/shared/messages';
import type { User } from '@/shared/schemas';

export const USERS_CSV_HEADER = [
  'Name',
  'Email',
  'Verified',
  'Age',
  'Occupation',
  'Contact No',
  'Interest',
  'Past Experience',
  'Account Created',
] as const;
export const USERS_FILE_NAME = 'Users.csv';
export const userFileName = (user: Pick<User, 'name'>) => `User : ${user.name}.csv`;

/**
 * "Account Created" is the en-US locale date-time string, in the admin's own time zone.
 * Newer ICU puts a narrow no-break space before AM/PM; a plain space keeps it a date to spreadsheets.
 */
const createdAt = (iso: string) => new Date(iso).toLocaleString(DATE_LOCALE).replace(/\u202f/g, ' ');

/** A missing optional field reads N/A, as in the enrollments CSV (where N/A is the rule): one rule for both files. */
const userCells = (u: User) => [
  u.name,
  u.email,
  u.isVerified ? 'Yes' : 'No',
  orNA(u.age),
  orNA(u.occupation),
  orNA(u.contactNo),
  orNA(u.interest),
  orNA(u.pastExperience),
  createdAt(u.createdAt),
];

export const usersCsv = (users: readonly User[]) => toCsv(USERS_CSV_HEADER, users.map(userCells));

/** Client-side export, no server call. With no users there is nothing to save: it is only logged. */
export function downloadUsersCsv(users: readonly User[], fileName: string): boolean {
  if (users.length === 0) {
    console.log(MESSAGES.users.noDownload);
    return false;
  }
  void downloadCsv(fileName, USERS_CSV_HEADER, users, userCells);
  return true;
}
