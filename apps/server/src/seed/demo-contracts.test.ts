import { describe, expect, it } from 'vitest';
import { contractStatusOf, unknownPlaceholders } from '@crm/domain';
import { appForFile } from '../../test/build-test-app.ts';
import { contracts, contractTemplates } from '../db/schema/index.ts';
import { readFirmToday } from '../platform/settings/settings.repository.ts';
import { seedDemoClients } from './demo-clients.ts';
import { seedDemoContracts } from './demo-contracts.ts';
import { seedDemoInvoices } from './demo-invoices.ts';
import { seedDemoLeads } from './demo-leads.ts';
import { seedDemoUsers } from './demo-users.ts';

const t = appForFile();

describe('demo contracts', () => {
  it('seeds templates and a contract in every status, filled from the record and the firm, once', async () => {
    await seedDemoUsers(t.database.db, 'Demo-Password-1!');
    await seedDemoLeads(t.database.db);
    await seedDemoClients(t.database.db);
    await seedDemoInvoices(t.database.db);
    expect(await seedDemoContracts(t.database.db)).toBe(6);
    expect(await seedDemoContracts(t.database.db)).toBe(0);
    const templates = await t.database.db.select().from(contractTemplates);
    expect(templates.filter((x) => !x.isPublic)).toHaveLength(1);
    for (const x of templates) expect(unknownPlaceholders(x.content)).toEqual([]);
    const rows = await t.database.db.select().from(contracts);
    const today = await readFirmToday(t.database.db);
    expect(new Set(rows.map((r) => contractStatusOf(r.state, r.expiryDate, today)))).toEqual(
      new Set(['draft', 'active', 'expired', 'terminated']),
    );
    expect(rows.some((r) => r.leadId !== null)).toBe(true);
    for (const r of rows) {
      expect(r.content).not.toContain('{{');
      expect(r.content).toContain(r.clientName.split(' ')[0]);
    }
    expect(rows.some((r) => r.content.includes('Southern Cross Migration Advisers'))).toBe(true);
  });
});
