import { z } from 'zod';
import { CURRENCIES, LIMITS } from '@/shared/constants';

/**
 * Ids are UUIDs; anything else is a 400 before it reaches the database. Lower-cased, as the database
 * writes them, so that comparing two ids in code agrees with comparing them in SQL.
 */
export const idSchema = z.uuid({ message: 'Must be a valid id.' }).transform((id) => id.toLowerCase());
export const idParams = z.object({ id: idSchema });

export const requiredText = (label: string, max: number = LIMITS.shortText) =>
  z
    .string({ message: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`);

export const optionalText = (label: string, max: number = LIMITS.shortText) =>
  z.string().trim().max(max, `${label} must be at most ${max} characters.`).optional();

/** Accepts numbers and numeric strings (form inputs), rejects blanks and NaN. */
export const numberFrom = (label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z.number({ message: `${label} must be a number.` }).refine(Number.isFinite, `${label} must be a number.`),
  );

export const money = (label: string) =>
  numberFrom(label).pipe(
    z
      .number()
      .min(0, `${label} cannot be negative.`)
      .max(9_999_999_999.99, `${label} is too large.`)
      .transform((n) => Math.round(n * 100) / 100),
  );

export const currencySchema = z.enum(CURRENCIES, { message: `Currency must be one of ${CURRENCIES.join(', ')}.` });

export const httpUrl = (label: string) =>
  z
    .string({ message: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(2000)
    .refine((v) => {
      try {
        const u = new URL(v);
        return u.protocol === 'http:' || u.protocol === 'https:';
      } catch {
        return false;
      }
    }, `${label} must be a valid URL starting with http:// or https://.`);

/**
 * ISO date or date-time string that parses to a real date in years 1 to 9999 (beyond, PostgreSQL cannot read its ISO
 * form).
 */
export const isoDate = (label: string) =>
  z
    .string({ message: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .refine((v) => {
      const time = Date.parse(v);
      const year = new Date(time).getUTCFullYear();
      return !Number.isNaN(time) && year >= 1 && year <= 9999;
    }, `${label} must be a valid date.`);

export const apiErrorSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  showMessage: z.boolean().optional(),
  errors: z.record(z.string(), z.string()).optional(),
  /** A write refused as made on an older version (409, docs/conflicts.md): the record as it is now. */
  current: z
    .unknown()
    .optional()
    .describe('With a 409 for a write that named an older version: the record as it is now.'),
});
