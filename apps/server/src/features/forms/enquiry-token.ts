// The minimum fill time without a third party: the public page gets a token naming when it was served,
// signed with a key only the server holds (HMAC), so a robot can neither skip the page nor back-date it.
// No state is kept: any server process checks any token.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { ENQUIRY_MIN_FILL_MS, ENQUIRY_TOKEN_MAX_AGE_MS } from '@crm/domain';
import { settingsSecretKey } from '../settings/secret-box.ts';

const PURPOSE = 'enquiry-form-token:';

/** The signing key: derived from the settings key, so every process of the firm signs and checks alike. */
export function enquiryTokenKey(config: { settingsSecretKey: string | null; dataDir: string }): Buffer {
  return createHmac('sha256', settingsSecretKey(config.settingsSecretKey, config.dataDir)).update(PURPOSE).digest();
}

function signatureOf(key: Buffer, issuedAt: number): Buffer {
  return createHmac('sha256', key).update(`${PURPOSE}${issuedAt}`).digest();
}

export function issueEnquiryToken(key: Buffer, now: number = Date.now()): string {
  return `${now}.${signatureOf(key, now).toString('base64url')}`;
}

/** Whether the token is ours and was issued between a day and the minimum fill time ago. */
export function enquiryTokenAccepted(key: Buffer, token: string, now: number = Date.now()): boolean {
  const match = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return false;
  const issuedAt = Number(match[1]);
  const given = Buffer.from(match[2]!, 'base64url');
  const expected = signatureOf(key, issuedAt);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  const age = now - issuedAt;
  return age >= ENQUIRY_MIN_FILL_MS && age <= ENQUIRY_TOKEN_MAX_AGE_MS;
}
