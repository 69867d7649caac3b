import type { User } from '@/shared/schemas';
import { writeChunk, readChunk, type ListCodec } from './chunk';

/** Users: the repeated texts (occupation, interest, experience, role) in the dictionary. */

type UserColumns = [
  id: string[],
  name: string[],
  email: string[],
  verified: number[],
  createdAt: string[],
  age: (number | null)[],
  occupation: number[],
  contactNo: (string | null)[],
  interest: number[],
  pastExperience: number[],
  role: number[],
];

export const users: ListCodec<User> = {
  encode: (rows) =>
    writeChunk<UserColumns, User>(rows, (u, s) => [
      u._id,
      u.name,
      u.email,
      +u.isVerified,
      u.createdAt,
      u.age ?? null,
      s.ref(u.occupation ?? null),
      u.contactNo ?? null,
      s.ref(u.interest ?? null),
      s.ref(u.pastExperience ?? null),
      s.ref(u.role),
    ]),
  decode: (text, interner) =>
    readChunk<UserColumns, User>(text, interner, (c, t) => {
      const [id, name, email, verified, createdAt, age, occupation, contactNo, interest, pastExperience, role] = c;
      return (i) => ({
        _id: id[i]!,
        name: name[i]!,
        email: email[i]!,
        isVerified: verified[i] === 1,
        createdAt: createdAt[i]!,
        age: age[i],
        occupation: t[occupation[i]!],
        contactNo: contactNo[i],
        interest: t[interest[i]!],
        pastExperience: t[pastExperience[i]!],
        role: t[role[i]!] as User['role'],
      });
    }),
  intern: (u) => u,
};
