import { z } from 'zod';
import { userSchema } from './user';

export const loginBody = z.object({
  email: z
    .string({ message: 'Email is required.' })
    .trim()
    .min(1, 'Email is required.')
    .max(254)
    .pipe(z.email({ message: 'Enter a valid email address.' })),
  password: z.string({ message: 'Password is required.' }).min(1, 'Password is required.').max(1024),
});
export type LoginBody = z.infer<typeof loginBody>;

export const authPayloadSchema = z.object({ authToken: z.string(), userData: userSchema });
export type AuthPayload = z.infer<typeof authPayloadSchema>;
