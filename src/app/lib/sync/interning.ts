import type { Enrollment, Service, User } from '@/shared/schemas';

type PopulatedUser = NonNullable<Enrollment['userId']>;
type ContactDetails = Enrollment['userDetails'];
type CourseDetails = Enrollment['courseDetails'];
type ServiceDetails = Service['serviceDetails'];

const SEP = '\u0001';

/**
 * Holds each repeated nested value once. 200,000 enrollments embed about 50,000 users, a few dozen course
 * detail copies and as many contact details as users: kept as they arrive, those copies are most of the heap.
 * A nested object equal to one already held is swapped for the held one, so screens, details and CSVs read
 * exactly the values the server sent. Lives as long as one session's device copy.
 */
export class Interner {
  private users = new Map<string, User>();
  private populated = new Map<string, PopulatedUser>();
  private contacts = new Map<string, ContactDetails>();
  private courses = new Map<string, CourseDetails>();
  private serviceDetails = new Map<string, ServiceDetails>();
  private strings = new Map<string, string>();

  /** A user row as the users list holds it: services embed the whole user, so they share this object. */
  setUser(user: User) {
    this.users.set(user._id, user);
    this.populated.delete(user._id);
  }
  deleteUser(id: string) {
    this.users.delete(id);
    this.populated.delete(id);
  }
  user(id: string): User | undefined {
    return this.users.get(id);
  }

  /** The enrollments' embedded user (a subset of the user row), one object per user. */
  populatedUser(id: string): PopulatedUser | undefined {
    let held = this.populated.get(id);
    if (held) return held;
    const u = this.users.get(id);
    if (!u) return undefined;
    held = {
      _id: u._id,
      name: u.name,
      email: u.email,
      phone: u.contactNo ?? null,
      occupation: u.occupation ?? null,
      interest: u.interest ?? null,
      pastExperience: u.pastExperience ?? null,
    };
    this.populated.set(id, held);
    return held;
  }

  internPopulatedUser(value: PopulatedUser | null): PopulatedUser | null {
    if (!value) return value;
    const held = this.populatedUser(value._id);
    return held && samePopulatedUser(held, value) ? held : value;
  }

  internUser(value: User | null): User | null {
    if (!value) return value;
    const held = this.users.get(value._id);
    return held && sameFields(held, value) ? held : value;
  }

  contact(value: ContactDetails): ContactDetails {
    return this.hold(this.contacts, value.name + SEP + value.email + SEP + value.phone, value);
  }
  course(value: CourseDetails): CourseDetails {
    const key = value.title + SEP + value.slug + SEP + value.availableDays + SEP + value.description;
    return this.hold(this.courses, key, value);
  }
  service(value: ServiceDetails): ServiceDetails {
    return this.hold(this.serviceDetails, value.title + SEP + value.image + SEP + value.description, value);
  }
  /** Short repeated strings (ids of batches, currencies, methods, statuses): one copy each. */
  text<T extends string | null>(value: T): T {
    if (value === null || value.length > 64) return value;
    return this.hold(this.strings, value, value) as T;
  }

  private hold<T>(map: Map<string, T>, key: string, value: T): T {
    const held = map.get(key);
    if (held !== undefined) return held;
    map.set(key, value);
    return value;
  }

  clear() {
    for (const map of [this.users, this.populated, this.contacts, this.courses, this.serviceDetails, this.strings])
      map.clear();
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

/** Flat objects (a user row): equal when every field is. */
function sameFields(a: object, b: object): boolean {
  const ak = Object.keys(a);
  if (ak.length !== Object.keys(b).length) return false;
  return ak.every((k) => (a as Record<string, unknown>)[k] === (b as Record<string, unknown>)[k]);
}
