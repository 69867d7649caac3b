import { z } from 'zod';
import { MESSAGES } from '@/shared/messages';
import { authPayloadSchema } from './auth';

const M = MESSAGES.security;

/** A password accepted for an account with two-factor sign-in: the code step follows (`enrol`: enrolment first). */
export const twoFactorChallengeSchema = z.object({
  twoFactor: z.enum(['code', 'enrol']),
  challenge: z.string(),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;

/** What login-admin answers: a session, or the second step. */
export const loginReplySchema = z.union([authPayloadSchema, twoFactorChallengeSchema]);
export type LoginReply = z.infer<typeof loginReplySchema>;

/** A six-digit code of the authenticator app or a recovery code; spaces and dashes as people type them. */
export const twoFactorCode = z.string({ message: M.codeRequired }).trim().min(1, M.codeRequired).max(40, M.codeFormat);

export const codeBody = z.object({ code: twoFactorCode });
export type CodeBody = z.infer<typeof codeBody>;

export const challengeBody = z.object({ challenge: z.string().min(1).max(200) });
export const loginCodeBody = challengeBody.extend({ code: twoFactorCode });
export type LoginCodeBody = z.infer<typeof loginCodeBody>;

/** A new key to add to the authenticator app: the QR code (SVG) and the same key as text. */
export const twoFactorSetupSchema = z.object({ secret: z.string(), otpauthUri: z.string(), qrSvg: z.string() });
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** REQUIRE_2FA is set on the server. */
  required: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** A sign-in that completed the second step: after an enrolment it carries the ten recovery codes, once. */
export const loginCodeReplySchema = authPayloadSchema.extend({ recoveryCodes: z.array(z.string()).optional() });

export const sessionInfoSchema = z.object({
  _id: z.string(),
  userAgent: z.string(),
  ip: z.string(),
  startedAt: z.string(),
  lastUsedAt: z.string(),
  /** The session of the device asking. */
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

/** Sessions a device ended while offline, by the SHA-256 (hex) of their tokens. */
export const revokeSessionsBody = z.object({
  tokenHashes: z
    .array(z.string().regex(/^[0-9a-f]{64}$/, M.badTokenHash))
    .min(1)
    .max(20),
});
