// The History tab's values in words: dependents by name and relationship, any other list or object item
// by item, never JSON or ids.
import { describe, expect, it } from 'vitest';
import { historyValueText } from './record-history.ts';

describe('historyValueText', () => {
  it('names dependents with their relationship and leaves their ids out', () => {
    expect(
      historyValueText('dependents', [
        {
          id: '7b0f6c1e-2f1d-4c55-9a0e-1d2c3b4a5f60',
          firstName: 'Maria',
          lastName: 'Santos',
          relationship: 'Other Dependent',
        },
        { id: 'x', firstName: 'Leo', middleName: 'J', lastName: 'Santos', relationship: 'Child' },
        { id: 'y', relationship: 'Child' },
      ]),
    ).toBe('Maria Santos (other dependent), Leo J Santos (child), Unnamed dependent (child)');
    expect(historyValueText('dependents', [])).toBeNull();
  });

  it('shows any other list or object in words', () => {
    expect(historyValueText('tags', ['VIP', 'Referral'])).toBe('VIP, Referral');
    expect(historyValueText('payment', { clientId: 'abc', amount: '10.00', receivedDate: '2026-11-27' })).toBe(
      'Amount: 10.00; Received Date: 2026-11-27',
    );
    expect(historyValueText('status', 'Active')).toBe('Active');
    expect(historyValueText('isHidden', true)).toBe('Yes');
    expect(historyValueText('note', '')).toBeNull();
    expect(historyValueText('convertedToClientId', '7b0f6c1e-2f1d-4c55-9a0e-1d2c3b4a5f60')).toBe('CL-3B4A5F60');
    expect(historyValueText('convertedFromLeadId', '7b0f6c1e-2f1d-4c55-9a0e-1d2c3b4a5f60')).toBe('LD-3B4A5F60');
  });
});
