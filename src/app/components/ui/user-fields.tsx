import { formatDate, orNA } from '@/app/lib/format';
import type { User } from '@/shared/schemas';
import { DetailField, DetailGrid } from './detail-field';
import type { ReactNode } from 'react';

/** How each field of a user's account reads, wherever a user is shown: its label and its value. */
const USER_FIELDS = {
  occupation: ['Occupation', (u) => orNA(u.occupation)],
  age: ['Age', (u) => orNA(u.age)],
  pastExperience: ['Past Experience', (u) => orNA(u.pastExperience)],
  interest: ['Interest', (u) => orNA(u.interest)],
  contactNo: ['Contact Number', (u) => orNA(u.contactNo)],
  createdAt: ['Account Created', (u) => formatDate(u.createdAt)],
} satisfies Record<string, [label: string, value: (user: User) => ReactNode]>;

/** These fields of a user's account, in this order, as a detail grid. */
export function UserFields({ user, fields }: { user: User; fields: (keyof typeof USER_FIELDS)[] }) {
  return (
    <DetailGrid>
      {fields.map((field) => {
        const [label, value] = USER_FIELDS[field];
        return (
          <DetailField key={field} label={label}>
            {value(user)}
          </DetailField>
        );
      })}
    </DetailGrid>
  );
}
