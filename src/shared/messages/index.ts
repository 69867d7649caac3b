import { ACTIVITY_MESSAGES } from './activity';
import { BULK_IMPORT_MESSAGES } from './bulk-import';
import { PALETTE_SYNC_MESSAGES } from './palette-sync';
import { SCREEN_MESSAGES } from './screens';
import { SECURITY_MESSAGES } from './security';
import { SERVER_MESSAGES } from './server';
import { SHELL_MESSAGES } from './shell';

/**
 * Every sentence a person reads: the product specification's texts exactly as written there, and the product's own
 * (server replies, bulk actions, settings).
 */
export const MESSAGES = {
  ...SCREEN_MESSAGES,
  ...SERVER_MESSAGES,
  ...BULK_IMPORT_MESSAGES,
  ...PALETTE_SYNC_MESSAGES,
  ...ACTIVITY_MESSAGES,
  ...SHELL_MESSAGES,
  ...SECURITY_MESSAGES,
} as const;
