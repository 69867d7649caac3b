import type { ContactDetails, Interner, UserParts } from '../interning';

/**
 * How a row that embeds a user (an enrollment, a purchase) stores that user and its contact details: the user as
 * its id and the details as 0 when they are what the users list derives, so each user is stored once (in the
 * users list) whatever the number of rows that repeat it.
 */

/** The users list's parts of a row's embedded user: stored as its id, or as sent (null: none). */
export const partsOf = (u: string | { _id: string } | null, interner: Interner) =>
  u === null ? undefined : interner.userParts(typeof u === 'string' ? u : u._id);

/** A row that embeds a user (an enrollment, a purchase): its user, or null, and the contact details it holds. */
interface EmbedsUser {
  userId: { _id: string } | null;
  userDetails: ContactDetails;
}

/** Contact details: 0 when they are the user's own (the users list's), else as a tuple. */
export type ContactCell = 0 | [name: string, email: string, phone: string | null];
export const contactCell = (row: EmbedsUser, interner: Interner): ContactCell => {
  const value = row.userDetails;
  return value === partsOf(row.userId, interner)?.contact ? 0 : [value.name, value.email, value.phone];
};
/** The embedded user: its id when it is the users list's `derived` form of the user, else as sent (or null). */
export const userCell = <T extends EmbedsUser>(
  row: T,
  interner: Interner,
  derived: 'user' | 'populated',
): string | T['userId'] => {
  const user: T['userId'] = row.userId;
  return user !== null && user === partsOf(user, interner)?.[derived] ? user._id : user;
};
export const fromContactCell = (cell: ContactCell, own: UserParts | undefined, interner: Interner): ContactDetails => {
  if (cell !== 0) return interner.contact({ name: cell[0], email: cell[1], phone: cell[2] }, own?.user._id);
  // Stored as 0 only while the users list held the user, and a pull sends a user's enrollments and purchases
  // before the user itself: the user is there (were it not, the pull that left it so brings the row again).
  return own?.contact ?? { name: '', email: '', phone: null };
};
