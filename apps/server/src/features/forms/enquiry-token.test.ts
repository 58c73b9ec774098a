// The fill-time token without a database: accepted between the minimum fill time and a day after it was
// issued, by the same key only, and never when altered.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ENQUIRY_MIN_FILL_MS, ENQUIRY_TOKEN_MAX_AGE_MS } from '@crm/domain';
import { enquiryTokenAccepted, issueEnquiryToken } from './enquiry-token.ts';

const key = randomBytes(32);
const issuedAt = Date.UTC(2026, 10, 26, 1, 0, 0);
const token = issueEnquiryToken(key, issuedAt);

describe('the enquiry fill-time token', () => {
  it('is accepted from the minimum fill time until a day has passed', () => {
    expect(enquiryTokenAccepted(key, token, issuedAt + ENQUIRY_MIN_FILL_MS - 1)).toBe(false);
    expect(enquiryTokenAccepted(key, token, issuedAt + ENQUIRY_MIN_FILL_MS)).toBe(true);
    expect(enquiryTokenAccepted(key, token, issuedAt + ENQUIRY_TOKEN_MAX_AGE_MS)).toBe(true);
    expect(enquiryTokenAccepted(key, token, issuedAt + ENQUIRY_TOKEN_MAX_AGE_MS + 1)).toBe(false);
  });

  it('is refused with another key, a back-dated time or a malformed value', () => {
    const later = issuedAt + 60_000;
    expect(enquiryTokenAccepted(randomBytes(32), token, later)).toBe(false);
    const [, signature] = token.split('.');
    expect(enquiryTokenAccepted(key, `${issuedAt - 3_600_000}.${signature}`, later)).toBe(false);
    for (const bad of ['', 'abc', `${issuedAt}`, `${issuedAt}.`, `${issuedAt}.${'x'.repeat(100)}`]) {
      expect(enquiryTokenAccepted(key, bad, later)).toBe(false);
    }
  });
});
