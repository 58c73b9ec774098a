// The minimum fill time without a third party: the public page gets a token naming when it was served and
// carrying a random nonce, signed with a key only the server holds (HMAC), so a robot can neither skip the
// page nor back-date it. Any server process checks any token with nothing stored; only a token that has been
// used is remembered, by its nonce, so that it is accepted once (enquiry-form.service.ts).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ENQUIRY_MIN_FILL_MS, ENQUIRY_TOKEN_MAX_AGE_MS } from '@crm/domain';
import { settingsSecretKey } from '../../platform/settings/secret-box.ts';

const PURPOSE = 'enquiry-form-token:';

/** The signing key: derived from the settings key, so every process of the firm signs and checks alike. */
export function enquiryTokenKey(config: { settingsSecretKey: string | null; dataDir: string }): Buffer {
  return createHmac('sha256', settingsSecretKey(config.settingsSecretKey, config.dataDir)).update(PURPOSE).digest();
}

function signatureOf(key: Buffer, issuedAt: number, nonce: string): Buffer {
  return createHmac('sha256', key).update(`${PURPOSE}${issuedAt}.${nonce}`).digest();
}

/** `issuedAt.nonce.signature`: two pages served in the same millisecond still get tokens of their own. */
export function issueEnquiryToken(key: Buffer, now: number = Date.now()): string {
  const nonce = randomBytes(16).toString('base64url');
  return `${now}.${nonce}.${signatureOf(key, now, nonce).toString('base64url')}`;
}

/**
 * The token's nonce (what a use of it is remembered by) when the token is ours and was issued between
 * ENQUIRY_TOKEN_MAX_AGE_MS and the minimum fill time ago; otherwise null.
 */
export function enquiryTokenNonce(key: Buffer, token: string, now: number = Date.now()): string | null {
  const match = /^(\d{1,15})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const issuedAt = Number(match[1]);
  const nonce = match[2]!;
  const given = Buffer.from(match[3]!, 'base64url');
  const expected = signatureOf(key, issuedAt, nonce);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const age = now - issuedAt;
  return age >= ENQUIRY_MIN_FILL_MS && age <= ENQUIRY_TOKEN_MAX_AGE_MS ? nonce : null;
}
