import { z } from 'zod';
import { LIMITS } from '@/shared/constants';
import { currencySchema, idSchema, money, optionalText, requiredText } from './common';
import { userSchema } from './user';

export const serviceSchema = z.object({
  _id: z.string(),
  serviceDetails: z.object({ title: z.string(), description: z.string(), image: z.string() }),
  userDetails: z.object({ name: z.string(), email: z.string(), phone: z.string().nullable() }),
  userId: userSchema.nullable(),
  amount: z.number(),
  currency: z.string(),
  paymentMethod: z.string().nullable(),
  transactionId: z.string().nullable(),
  isVerified: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Service = z.infer<typeof serviceSchema>;

export const serviceCreateBody = z.object({
  userId: idSchema.optional(),
  serviceDetails: z.object({
    title: requiredText('Service title'),
    description: requiredText('Service description', LIMITS.longText),
    image: requiredText('Service image', 2000).regex(/^\/[^\s]*$/, 'Service image must be a path starting with /.'),
  }),
  userDetails: z.object({
    name: requiredText('Customer name'),
    email: z
      .string()
      .trim()
      .max(LIMITS.shortText, `Customer email must be at most ${LIMITS.shortText} characters.`)
      .pipe(z.email({ message: 'Customer email must be a valid email address.' })),
    phone: optionalText('Customer phone'),
  }),
  amount: money('Amount'),
  currency: currencySchema,
  paymentMethod: optionalText('Payment method'),
  transactionId: optionalText('Transaction ID'),
});
export type ServiceCreateBody = z.infer<typeof serviceCreateBody>;
