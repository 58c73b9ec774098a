import { describe, expect, it } from 'vitest';
import { centsOf, PAYMENT_STATUSES, type ServiceRecord, serviceInputSchema, TUITION_FEE } from '@crm/domain';
import { appForFile } from '../../test/build-test-app.ts';
import { services } from '../db/schema/index.ts';
import { seedDemoClients } from './demo-clients.ts';
import { seedDemoLeads } from './demo-leads.ts';
import { seedDemoServices } from './demo-services.ts';

const t = appForFile();

describe('demo services', () => {
  it('seeds valid services in AUD and PHP with terms, part payments and evidence, once', async () => {
    await seedDemoLeads(t.database.db);
    await seedDemoClients(t.database.db);
    const n = await seedDemoServices(t.database.db, t.app.storage);
    expect(n).toBeGreaterThan(200);
    expect(await seedDemoServices(t.database.db, t.app.storage)).toBe(0);

    const rows = await t.database.db.select().from(services);
    expect(new Set(rows.map((r) => r.currency))).toEqual(new Set(['AUD', 'PHP']));
    expect(rows.some((r) => r.serviceName === TUITION_FEE && r.tuitionTerms.length >= 2)).toBe(true);
    // Every row is one the form would accept.
    for (const row of rows) {
      const parsed = serviceInputSchema.safeParse({
        ...row,
        serviceCategory: row.serviceCategory ?? undefined,
        completionDate: row.completionDate ?? undefined,
        tuitionTerms: row.tuitionTerms.map(({ termNumber: _n, ...term }) => term),
      });
      expect(parsed.error?.issues, row.id).toBeUndefined();
    }

    const cookie = await t.signIn('administrator');
    const withEvidence = rows.find((r) => r.paymentEvidenceKey && r.clientId)!;
    const image = await t.app.inject({
      method: 'GET',
      url: `/api/services/${withEvidence.id}/evidence`,
      headers: { cookie },
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');

    const listed: ServiceRecord[] = (
      await t.app.inject({ method: 'GET', url: `/api/clients/${withEvidence.clientId}/services`, headers: { cookie } })
    ).json();
    expect(listed.length).toBeGreaterThan(0);
    const statuses = new Set<string>();
    for (const row of rows) {
      const fee = centsOf(row.serviceFee!);
      const paid = centsOf(row.paidAmount);
      statuses.add(paid >= fee ? 'Paid' : paid > 0n ? 'Partially Paid' : 'Unpaid');
    }
    expect([...statuses].sort()).toEqual(PAYMENT_STATUSES.filter((s) => s !== 'N/A').sort());
  });
});
