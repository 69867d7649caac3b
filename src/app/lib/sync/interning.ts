import type { Enrollment, Service, User } from '@/shared/schemas';

export type PopulatedUser = NonNullable<Enrollment['userId']>;
export type ContactDetails = Enrollment['userDetails'];
type CourseDetails = Enrollment['courseDetails'];
type ServiceDetails = Service['serviceDetails'];

/**
 * What rows derive from one user of the users list, made once per user: the row itself (a purchase embeds it
 * whole), the enrollments' embedded user, and the contact details both copy at the time of the order.
 */
export interface UserParts {
  user: User;
  populated: PopulatedUser;
  contact: ContactDetails;
}

const SEP = '\u0001';

/**
 * Holds each repeated nested value once. 200,000 enrollments embed about 50,000 users, a few dozen course
 * detail copies and as many contact details as users: kept as they arrive, those copies are most of the heap.
 * A nested object equal to one already held is swapped for the held one, so screens, details and CSVs read
 * exactly the values the server sent. Lives as long as one session's device copy.
 */
export class Interner {
  /** Each user of the users list, with what rows derive from it: one lookup gives all three. */
  private users = new Map<string, UserParts>();
  private contacts = new Map<string, ContactDetails>();
  private courses = new Map<string, CourseDetails[]>();
  private serviceDetails = new Map<string, ServiceDetails[]>();
  private strings = new Map<string, string>();

  /** A user row as the users list holds it, and the values rows derive from it (made now, while it is at hand). */
  setUser(user: User) {
    const phone = user.contactNo ?? null;
    this.users.set(user._id, {
      user,
      populated: {
        _id: user._id,
        name: user.name,
        email: user.email,
        phone,
        occupation: user.occupation ?? null,
        interest: user.interest ?? null,
        pastExperience: user.pastExperience ?? null,
      },
      contact: { name: user.name, email: user.email, phone },
    });
  }
  deleteUser(id: string) {
    this.users.delete(id);
  }
  user(id: string): User | undefined {
    return this.users.get(id)?.user;
  }
  userParts(id: string): UserParts | undefined {
    return this.users.get(id);
  }
  /** The users held now (a copy of the map), and the same given back: a staging copy abandoned half-way. */
  usersHeld() {
    return new Map(this.users);
  }
  restoreUsers(users: Map<string, UserParts>) {
    this.users = users;
  }

  /** The enrollments' embedded user (a subset of the user row), one object per user. */
  populatedUser(id: string): PopulatedUser | undefined {
    return this.users.get(id)?.populated;
  }

  internPopulatedUser(value: PopulatedUser | null): PopulatedUser | null {
    if (!value) return value;
    const held = this.populatedUser(value._id);
    return held && samePopulatedUser(held, value) ? held : value;
  }

  internUser(value: User | null): User | null {
    if (!value) return value;
    const held = this.users.get(value._id)?.user;
    return held && sameFields(held, value) ? held : value;
  }

  /** Contact details copied from user `userId`: that user's own object when they are still equal. */
  contact(value: ContactDetails, userId?: string): ContactDetails {
    const own = userId === undefined ? undefined : this.users.get(userId)?.contact;
    if (own && own.name === value.name && own.email === value.email && own.phone === value.phone) return own;
    return this.hold(this.contacts, value.name + SEP + value.email + SEP + value.phone, value);
  }
  /** Looked up by slug, then compared field by field: a key built of the long description costs more than the copy. */
  course(value: CourseDetails): CourseDetails {
    return this.holdEqual(this.courses, value.slug, value);
  }
  service(value: ServiceDetails): ServiceDetails {
    return this.holdEqual(this.serviceDetails, value.title, value);
  }
  /** Short repeated strings (ids of batches, currencies, methods, statuses): one copy each. */
  text<T extends string | null>(value: T): T {
    if (value === null || value.length > 64) return value;
    return this.hold(this.strings, value, value) as T;
  }

  private holdEqual<T extends object>(map: Map<string, T[]>, key: string, value: T): T {
    let same = map.get(key);
    if (!same) map.set(key, (same = []));
    const held = same.find((h) => h === value || sameFields(h, value));
    if (held) return held;
    same.push(value);
    return value;
  }

  private hold<T>(map: Map<string, T>, key: string, value: T): T {
    const held = map.get(key);
    if (held !== undefined) return held;
    map.set(key, value);
    return value;
  }

  clear() {
    for (const map of [this.users, this.contacts, this.courses, this.serviceDetails, this.strings]) map.clear();
  }
}

const samePopulatedUser = (a: PopulatedUser, b: PopulatedUser) =>
  a._id === b._id &&
  a.name === b.name &&
  a.email === b.email &&
  a.phone === b.phone &&
  a.occupation === b.occupation &&
  a.interest === b.interest &&
  a.pastExperience === b.pastExperience;

/** Flat objects (a user row, course or service details): equal when every field is. */
function sameFields(a: object, b: object): boolean {
  const ak = Object.keys(a);
  if (ak.length !== Object.keys(b).length) return false;
  return ak.every((k) => (a as Record<string, unknown>)[k] === (b as Record<string, unknown>)[k]);
}
