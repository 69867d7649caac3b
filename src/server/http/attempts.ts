import type { Db } from '@/server/db/client';
import { HttpError } from '@/server/errors';
import { reserveLoginAttempt } from '@/server/repositories/login-throttle-repo';
import { MESSAGES } from '@/shared/messages';

/** One attempt (a password or a code) of this account from this address, or the 429 saying when to try again. */
export async function takeAttempt(db: Db, email: string, ip: string): Promise<void> {
  const attempt = await reserveLoginAttempt(db, email.toLowerCase(), ip);
  if (attempt.allowed) return;
  const seconds = attempt.retryAfterSeconds;
  throw new HttpError(429, MESSAGES.server.tooManyAttempts(Math.ceil(seconds / 60)), undefined, {
    'retry-after': String(seconds),
  });
}
