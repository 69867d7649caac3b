import { z } from 'zod';

export const ROLES = ['user', 'admin'] as const;

export const userSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  isVerified: z.boolean(),
  createdAt: z.string(),
  age: z.number().nullable().optional(),
  occupation: z.string().nullable().optional(),
  contactNo: z.string().nullable().optional(),
  interest: z.string().nullable().optional(),
  pastExperience: z.string().nullable().optional(),
  role: z.enum(ROLES),
});
export type User = z.infer<typeof userSchema>;
