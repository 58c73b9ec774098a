// The fill-time token without a database: accepted between the minimum fill time and two hours after it
// was issued, by the same key only, and never when altered; each page gets a token of its own.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ENQUIRY_MIN_FILL_MS, ENQUIRY_TOKEN_MAX_AGE_MS } from '@crm/domain';
import { enquiryTokenNonce, issueEnquiryToken } from './enquiry-token.ts';

const key = randomBytes(32);
const issuedAt = Date.UTC(2026, 10, 26, 1, 0, 0);
const token = issueEnquiryToken(key, issuedAt);
const [, nonce, signature] = token.split('.');

describe('the enquiry fill-time token', () => {
  it('is accepted from the minimum fill time until two hours have passed', () => {
    expect(ENQUIRY_TOKEN_MAX_AGE_MS).toBe(2 * 60 * 60 * 1000);
    expect(enquiryTokenNonce(key, token, issuedAt + ENQUIRY_MIN_FILL_MS - 1)).toBeNull();
    expect(enquiryTokenNonce(key, token, issuedAt + ENQUIRY_MIN_FILL_MS)).toBe(nonce);
    expect(enquiryTokenNonce(key, token, issuedAt + ENQUIRY_TOKEN_MAX_AGE_MS)).toBe(nonce);
    expect(enquiryTokenNonce(key, token, issuedAt + ENQUIRY_TOKEN_MAX_AGE_MS + 1)).toBeNull();
  });

  it('is a token of its own for each page, even in the same millisecond', () => {
    const again = issueEnquiryToken(key, issuedAt);
    expect(again).not.toBe(token);
    expect(enquiryTokenNonce(key, again, issuedAt + 60_000)).not.toBe(nonce);
  });

  it('is refused with another key, a back-dated time, another nonce or a malformed value', () => {
    const later = issuedAt + 60_000;
    expect(enquiryTokenNonce(randomBytes(32), token, later)).toBeNull();
    expect(enquiryTokenNonce(key, `${issuedAt - 3_600_000}.${nonce}.${signature}`, later)).toBeNull();
    expect(enquiryTokenNonce(key, `${issuedAt}.${'B'.repeat(22)}.${signature}`, later)).toBeNull();
    for (const bad of ['', 'abc', `${issuedAt}`, `${issuedAt}.${signature}`, `${issuedAt}.${nonce}.`, `${token}x`]) {
      expect(enquiryTokenNonce(key, bad, later)).toBeNull();
    }
  });
});
