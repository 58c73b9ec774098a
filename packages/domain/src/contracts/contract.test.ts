import { describe, expect, it } from 'vitest';
import {
  contractInputSchema,
  contractReferenceOf,
  contractStatusOf,
  contractTemplateInputSchema,
  escapeHtml,
  fillPlaceholders,
  unknownPlaceholders,
} from './contract.ts';

describe('contract rules', () => {
  it("derives expired from the expiry date on the firm's date; only an active contract expires", () => {
    expect(contractStatusOf('active', '2026-11-25', '2026-11-25')).toBe('active');
    expect(contractStatusOf('active', '2026-11-24', '2026-11-25')).toBe('expired');
    expect(contractStatusOf('active', null, '2026-11-25')).toBe('active');
    expect(contractStatusOf('draft', '2020-01-01', '2026-11-25')).toBe('draft');
    expect(contractStatusOf('terminated', '2020-01-01', '2026-11-25')).toBe('terminated');
  });

  it('pads references to three digits and grows past 999', () => {
    expect(contractReferenceOf('2026', 1)).toBe('CONT-2026-001');
    expect(contractReferenceOf('2026', 999)).toBe('CONT-2026-999');
    expect(contractReferenceOf('2026', 1000)).toBe('CONT-2026-1000');
  });

  it('finds unknown placeholders once each, tolerating spaces inside the braces', () => {
    expect(unknownPlaceholders('{{ client.firstName }} {{client.age}} {{client.age}} {{firm.nme}}')).toEqual([
      'client.age',
      'firm.nme',
    ]);
    expect(unknownPlaceholders('{{today}} {{firm.abn}}')).toEqual([]);
  });

  it('fills known placeholders escaped; leaves unknown text and a placeholder given no value as they are', () => {
    const out = fillPlaceholders(
      '<p>{{client.lastName}} {{client.email}} {{ contract.reference }} {{other}}</p>',
      { 'client.lastName': "O'Brien <b>", 'client.email': '' },
      escapeHtml,
    );
    expect(out).toBe("<p>O'Brien &lt;b&gt;  {{ contract.reference }} {{other}}</p>");
  });

  it('defaults a template to General and public; refuses an expiry before the effective date', () => {
    expect(contractTemplateInputSchema.parse({ name: 'X', category: '' })).toMatchObject({
      category: 'General',
      isPublic: true,
      content: '',
    });
    const bad = contractInputSchema.safeParse({
      title: 'T',
      entityType: 'client',
      entityId: '00000000-0000-4000-8000-000000000001',
      effectiveDate: '2026-07-01',
      expiryDate: '2026-06-30',
    });
    expect(bad.success).toBe(false);
  });
});
