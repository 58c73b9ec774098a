import { describe, expect, it } from 'vitest';
import { centsOf, invoiceTotals, isValidAbn } from '@crm/domain';
import { appForFile } from '../../test/build-test-app.ts';
import { eq } from 'drizzle-orm';
import { clientLedgers, creditNotes, invoices, receipts, refunds } from '../db/schema/index.ts';
import { readFirmToday, readGeneralSettings } from '../platform/settings/settings.repository.ts';
import { seedDemoClients } from './demo-clients.ts';
import { seedDemoInvoices } from './demo-invoices.ts';
import { seedDemoLeads } from './demo-leads.ts';
import { seedDemoUsers } from './demo-users.ts';

const t = appForFile();

describe('demo invoices', () => {
  it('seeds AUD and PHP invoices in every state with receipts for the paid ones, and the firm’s ABN, once', async () => {
    await seedDemoUsers(t.database.db, 'Demo-Password-1!');
    await seedDemoLeads(t.database.db);
    await seedDemoClients(t.database.db);
    const n = await seedDemoInvoices(t.database.db);
    expect(n).toBeGreaterThan(30);
    expect(await seedDemoInvoices(t.database.db)).toBe(0);

    const rows = await t.database.db.select().from(invoices);
    const today = await readFirmToday(t.database.db);
    expect(new Set(rows.map((r) => r.currency))).toEqual(new Set(['AUD', 'PHP', 'USD']));
    expect(new Set(rows.map((r) => r.state))).toEqual(new Set(['drafts', 'partially_paid', 'paid', 'cancelled']));
    expect(rows.some((r) => r.state === 'drafts' && r.dueDate < today)).toBe(true);
    expect(rows.some((r) => r.leadId !== null)).toBe(true);
    expect(new Set(rows.map((r) => r.invoiceNumber)).size).toBe(rows.length);
    // Every figure is what the domain computes from the lines.
    for (const row of rows) {
      const totals = invoiceTotals(row.items, row.applyTax, row.taxRate.replace(/\.?0+$/, ''));
      expect(centsOf(row.total)).toBe(totals.total);
      expect(centsOf(row.tax)).toBe(totals.tax);
      expect(centsOf(row.amountPaid) <= centsOf(row.total)).toBe(true);
    }
    // A receipt for each paid generated invoice, and the money story's two (its client-credit invoice has none).
    const paid = rows.filter((r) => r.state === 'paid');
    const saved = await t.database.db.select().from(receipts);
    expect(saved.length).toBe(paid.length + 1);
    // The story: an invoice cancelled by an adjustment note, its money refunded and kept as client credit,
    // part of which paid a later invoice.
    const [note] = await t.database.db.select().from(creditNotes).where(eq(creditNotes.cancels, true)).limit(1);
    expect(note).toBeDefined();
    const [ledger] = await t.database.db.select().from(clientLedgers);
    expect(ledger?.balance).toBe('2000.00');
    expect((await t.database.db.select().from(refunds)).map((r) => r.amount)).toContain('2500.00');
    const sequence = saved.map((r) => r.sequence).sort((a, b) => a - b);
    expect(sequence.at(-1)! - sequence[0]!).toBe(sequence.length - 1);
    expect(isValidAbn((await readGeneralSettings(t.database.db)).abn)).toBe(true);
  });
});
