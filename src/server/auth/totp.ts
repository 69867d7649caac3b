import { randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { LIMITS } from '@/shared/constants';
import { hashToken } from './passwords';

const ISSUER = 'Coursedesk';

/** A new TOTP key (160 random bits, base32, as authenticator apps expect). */
export const newTotpSecret = () => generateSecret();

/** The key for an authenticator app: an otpauth:// address and that address as a QR code (SVG text). */
export async function totpSetup(email: string, secret: string) {
  const otpauthUri = generateURI({ issuer: ISSUER, label: email, secret });
  const qrSvg = await QRCode.toString(otpauthUri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
  return { secret, otpauthUri, qrSvg };
}

/**
 * The time step of a six-digit code valid now (one 30 s step of clock drift either way), or null. A code of
 * a step at or before `afterStep` is refused: a code seen once, even by someone looking over a shoulder, is spent.
 */
export async function totpStep(secret: string, code: string, afterStep: number | null): Promise<number | null> {
  const token = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const result = await verify({
    secret,
    token,
    epochTolerance: 30,
    ...(afterStep ? { afterTimeStep: afterStep } : {}),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** Recovery codes read without ambiguity (no 0/o, 1/l/i): ten letters, about 50 bits, as xxxxx-xxxxx. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export function newRecoveryCodes(): string[] {
  const one = () => Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return Array.from({ length: LIMITS.recoveryCodes }, () => one().replace(/^(.{5})/, '$1-'));
}

/** Codes are stored hashed; what people type (case, spaces, the dash) does not change the hash. */
export const hashRecoveryCode = (code: string) => hashToken(code.toLowerCase().replace(/[^a-z0-9]/g, ''));
