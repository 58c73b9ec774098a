import { describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES, type RestoreType, smartRevertTarget } from './contact.ts';

const all = () => true;
const only = (type: RestoreType) => (t: RestoreType) => t === type;

describe('smart revert (spec 2 §4)', () => {
  it('brings a contact that had signed the agreement back as a client, any other as a lead', () => {
    expect(smartRevertTarget('Agreement Signed – Awaiting Payment', all)).toBe('client');
    expect(smartRevertTarget('Consultation Completed', all)).toBe('lead');
    expect(smartRevertTarget(null, all)).toBe('lead');
  });

  it('takes the other kind when the role may create only that one, and none when neither', () => {
    expect(smartRevertTarget('Consultation Completed', only('client'))).toBe('client');
    expect(smartRevertTarget('Agreement Signed – Awaiting Payment', only('lead'))).toBe('lead');
    expect(smartRevertTarget('New Lead Received', () => false)).toBeNull();
  });

  it('names the target in the toast', () => {
    expect(CONTACT_MESSAGES.reverted('client')).toBe('Contact reverted to client successfully');
    expect(CONTACT_MESSAGES.revertFailed('boom')).toBe('Failed to revert contact: boom');
  });
});
