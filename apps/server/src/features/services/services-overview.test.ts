// Finance → Services Overview: the list with its filters and search, the summary over the filtered set,
// the record's name kept in step, and the export in both formats (figures as on screen, formulas defused).
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentStatusOf, type Role, SERVICE_EXPORT_COLUMNS } from '@crm/domain';
import { type JsonBody, type Query } from '../../../test/api-client.ts';
import { createFixture, type Fixture } from '../../../test/record-fixtures.ts';
import { services } from '../../db/schema/index.ts';
import { paymentStatusSql } from './services.repository.ts';

let f: Fixture;
const tag = `ov${Date.now() % 100000}`;
let leadId: string;
let clientId: string;

beforeAll(async () => {
  f = await createFixture();
  const lead = await f.createLead('administrator', {
    firstName: 'Marisol',
    lastName: `Reyes${tag}`.replace(/\d/g, 'x'),
  });
  leadId = lead.id;
  const client = await f.api('administrator').POST('/api/clients', {
    body: f.clientInput({ firstName: 'Tomas', lastName: 'Okafor' }),
  });
  clientId = client.data!.id;
  const add = async (entity: 'lead' | 'client', id: string, body: JsonBody<'/api/leads/{id}/services', 'post'>) => {
    const res =
      entity === 'lead'
        ? await f.api('administrator').POST('/api/leads/{id}/services', { params: { path: { id } }, body })
        : await f.api('administrator').POST('/api/clients/{id}/services', { params: { path: { id } }, body });
    expect(res.response.status, JSON.stringify(res.error)).toBe(201);
    return res.data!;
  };
  // Ten fees of 0.10 and 0.20 in PHP: the summary must say 1.50 / 0.30, not 1.5000000000000002.
  for (let i = 0; i < 5; i++) {
    await add('lead', leadId, {
      serviceName: 'Consultation Fee',
      serviceFee: '0.10',
      currency: 'PHP',
      startDate: '2026-03-01',
    });
    await add('lead', leadId, {
      serviceName: 'Consultation Fee',
      serviceFee: '0.20',
      paidAmount: '0.06',
      currency: 'PHP',
      startDate: '2026-05-01',
    });
  }
  await add('client', clientId, {
    serviceName: 'Visa Application',
    serviceFee: '4640',
    paidAmount: '4640',
    serviceStatus: 'Completed',
  });
  await add('client', clientId, {
    serviceName: '=HYPERLINK("http://evil")',
    serviceFee: '10',
    notes: '+cmd',
  });
});
afterAll(async () => {
  await f?.t.close();
});

const page = async (query: Query<'/api/services'>, role: Role = 'administrator') => {
  const res = await f.api(role).GET('/api/services', { params: { query } });
  expect(res.response.status, JSON.stringify(res.error)).toBe(200);
  return res.data!;
};
const summary = async (query: Query<'/api/services/summary'>) =>
  (await f.api('administrator').GET('/api/services/summary', { params: { query } })).data!;

describe('Services Overview', () => {
  it('lists services with their record, filters by type, currency, status, payment status and start date', async () => {
    const all = await page({ pageSize: 100 });
    expect(all.items.length).toBe(12);
    expect(all.items.find((s) => s.entityType === 'client')).toMatchObject({ entityName: 'Tomas Okafor' });
    expect((await page({ type: 'client' })).items).toHaveLength(2);
    expect((await page({ currency: 'PHP' })).items).toHaveLength(10);
    expect((await page({ status: 'Completed' })).items.map((s) => s.serviceName)).toEqual(['Visa Application']);
    expect((await page({ paymentStatus: 'Partially Paid' })).items).toHaveLength(5);
    expect((await page({ paymentStatus: 'Paid' })).items).toHaveLength(1);
    // A service with a start date must fall inside the range; one without passes.
    const april = await page({ from: '2026-04-01', until: '2026-06-30' });
    expect(april.items.filter((s) => s.startDate === '2026-03-01')).toEqual([]);
    expect(april.items).toHaveLength(7);
  });

  it("searches the service name and the record's name and email at every length", async () => {
    expect((await page({ search: 'visa app' })).items).toHaveLength(1);
    expect((await page({ search: 'okafor' })).items).toHaveLength(2);
    expect((await page({ search: 'to' })).items).toHaveLength(2);
    expect((await page({ search: 'co' })).items).toHaveLength(10);
  });

  it('sums each currency exactly over the filtered set, PHP first', async () => {
    const cards = await summary({});
    expect(cards.totalServices).toBe(12);
    expect(cards.currencies.map((c) => c.currency)).toEqual(['PHP', 'AUD']);
    expect(cards.currencies[0]).toMatchObject({
      serviceCount: 10,
      totalRevenue: '1.50',
      totalPaid: '0.30',
      pendingPayments: '1.20',
      activeCount: 10,
    });
    expect((await summary({ type: 'client' })).currencies).toEqual([
      expect.objectContaining({ currency: 'AUD', totalRevenue: '4650.00', totalPaid: '4640.00', completedCount: 1 }),
    ]);
  });

  it('charts revenue and paid per month and currency, and the payment-status split', async () => {
    const chart = (await f.api('administrator').GET('/api/services/chart', { params: { query: { currency: 'PHP' } } }))
      .data!;
    expect(chart.months).toEqual([
      { month: '2026-03', currency: 'PHP', revenue: '0.50', paid: '0.00' },
      { month: '2026-05', currency: 'PHP', revenue: '1.00', paid: '0.30' },
    ]);
    expect(chart.paymentStatuses).toEqual([
      { status: 'Paid', count: 0 },
      { status: 'Partially Paid', count: 5 },
      { status: 'Unpaid', count: 5 },
      { status: 'N/A', count: 0 },
    ]);
  });

  it("keeps the record's name in step and hides the services of a deleted record", async () => {
    const before = await page({ type: 'lead', pageSize: 1 });
    const admin = f.api('administrator');
    const lead = (await admin.GET('/api/leads/{id}', { params: { path: { id: leadId } } })).data!;
    const renamed = await admin.PATCH('/api/leads/{id}', {
      params: { path: { id: leadId } },
      body: { firstName: 'Marisa', version: lead.version },
    });
    expect(renamed.response.status, JSON.stringify(renamed.error)).toBe(200);
    expect((await page({ type: 'lead', pageSize: 1 })).items[0]?.entityName).toMatch(/^Marisa /);
    expect(before.items[0]?.entityName).toMatch(/^Marisol /);
    expect(
      (await admin.DELETE('/api/leads/{id}', { params: { path: { id: leadId } }, body: {} })).response.status,
    ).toBe(200);
    expect((await page({ type: 'lead' })).items).toEqual([]);
    expect((await admin.POST('/api/leads/{id}/restore', { params: { path: { id: leadId } } })).response.status).toBe(
      200,
    );
    expect((await page({ type: 'lead', pageSize: 100 })).items).toHaveLength(10);
  });

  it('is for the Finance module: members and supervisors in, consultants and team leads out', async () => {
    expect((await f.api('member').GET('/api/services', {})).response.status).toBe(200);
    expect((await f.api('supervisor').GET('/api/services/summary', {})).response.status).toBe(200);
    expect((await f.api('consultant').GET('/api/services', {})).response.status).toBe(403);
    expect((await f.api('team_lead').GET('/api/services/summary', {})).response.status).toBe(403);
  });

  it('derives the payment status in SQL as the domain does, at every boundary', async () => {
    const cases: [string | null, string][] = [
      [null, '0'],
      ['0', '0'],
      ['10', '0'],
      ['10', '0.01'],
      ['10', '9.99'],
      ['10', '10'],
    ];
    for (const [fee, paid] of cases) {
      const result = await f.t.database.db.execute<{ s: string }>(
        sql`select ${paymentStatusSql} as s from (select ${fee}::numeric as service_fee, ${paid}::numeric as paid_amount) as ${services}`,
      );
      const cents = (v: string) => BigInt(Math.round(Number(v) * 100));
      expect(result.rows[0]?.s, `${fee} / ${paid}`).toBe(
        paymentStatusOf(fee === null ? null : cents(fee), cents(paid)),
      );
    }
  });
});

describe('export', () => {
  it('streams CSV with the spec columns, the figures on screen and formulas defused', async () => {
    const res = await f.call('administrator', 'GET', '/api/services/export?format=csv&type=client');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="services-export-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const text = res.body.replace(/^\uFEFF/, '');
    const [header, ...lines] = text.trim().split('\n');
    expect(header).toBe(SERVICE_EXPORT_COLUMNS.join(','));
    expect(lines).toHaveLength(2);
    expect(text).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(text).toMatch(/Visa Application,,Tomas Okafor,[^,]+,Client,Completed,Paid,AUD,4640\.00,4640\.00,0\.00/);
  });

  it('writes an Excel workbook that exceljs reads back with the same figures', async () => {
    const res = await f.call('administrator', 'GET', '/api/services/export?format=xlsx&currency=PHP');
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Services')!;
    expect(sheet.getRow(1).values).toEqual([undefined, ...SERVICE_EXPORT_COLUMNS]);
    expect(sheet.rowCount).toBe(11);
    let fees = 0;
    sheet.eachRow((row, n) => {
      if (n > 1) fees += Math.round(Number(row.getCell(10).value) * 100);
    });
    expect(fees).toBe(150);
  });

  it('exports only the selected rows when ids are given, and refuses a bad format', async () => {
    const ids = (await page({ type: 'client' })).items.map((s) => s.id);
    const res = await f.call('administrator', 'GET', `/api/services/export?format=csv&ids=${ids[0]}`);
    expect(res.body.trim().split('\n')).toHaveLength(2);
    // Raw: a format the document does not allow.
    expect((await f.call('administrator', 'GET', '/api/services/export?format=pdf')).statusCode).toBe(400);
    // A selection is of one page's rows: more than the largest page is refused in words, not cut short.
    const tooMany = Array.from({ length: 101 }, () => randomUUID());
    const refused = await f
      .api('administrator')
      .GET('/api/services/export', { params: { query: { format: 'csv', ids: tooMany } } });
    expect(refused.response.status).toBe(400);
    expect(JSON.stringify(refused.error)).toContain(
      'Select at most 100 services to export, or export the filtered services.',
    );
  });

  it('is refused to consultant and guest only: a member exports the filtered and the selected services (DECISIONS.md §2)', async () => {
    const all = await f.call('member', 'GET', '/api/services/export?format=csv&type=client');
    expect(all.statusCode, all.body).toBe(200);
    expect(all.body.trim().split('\n')).toHaveLength(3);
    const ids = (await page({ type: 'client' })).items.map((s) => s.id);
    const chosen = await f.call('member', 'GET', `/api/services/export?format=xlsx&ids=${ids[0]}`);
    expect(chosen.statusCode, chosen.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(chosen.rawPayload as unknown as ArrayBuffer);
    expect(workbook.getWorksheet('Services')!.rowCount).toBe(2);
    // The member's grant is the export alone: deleting a service stays the administrators'.
    expect(
      (
        await f
          .api('member')
          .DELETE('/api/services/{id}', { params: { path: { id: ids[0]! } }, body: { reason: 'Not mine' } })
      ).response.status,
    ).toBe(403);
    for (const role of ['consultant', 'guest'] as const) {
      const refused = await f.api(role).GET('/api/services/export', { params: { query: { format: 'csv' } } });
      expect(refused.response.status, role).toBe(403);
    }
    // The member's other lists keep spec 1 §6.2's view, create and edit: no export there.
    const member = f.api('member');
    expect((await member.GET('/api/leads/export', { params: { query: { format: 'csv' } } })).response.status).toBe(403);
    expect((await member.GET('/api/clients/export', { params: { query: { format: 'csv' } } })).response.status).toBe(
      403,
    );
  });

  it("is deleted from the overview by Finance's deleters with the overview's reason", async () => {
    const [row] = (await page({ type: 'client', status: 'Completed' })).items;
    const res = await f.api('administrator').DELETE('/api/services/{id}', {
      params: { path: { id: row!.id } },
      body: { reason: 'Deleted by admin' },
    });
    expect(res.response.status, JSON.stringify(res.error)).toBe(200);
    expect((await page({ type: 'client', status: 'Completed' })).items).toEqual([]);
  });
});

describe('export of more than one batch', () => {
  it('writes every row once when many share a millisecond (the cursor keeps microseconds)', async () => {
    // 2,500 services one microsecond apart: whole batches of 1,000 begin and end inside one millisecond.
    await f.exec(`insert into services (lead_id, service_name, service_category, currency, service_fee, created_at)
      select '${leadId}', 'Bulk ' || g, 'Consultation Fee', 'USD', 1, '2026-01-01T00:00:00Z'::timestamptz + g * interval '1 microsecond'
      from generate_series(1, 2500) g`);
    const res = await f.call('administrator', 'GET', '/api/services/export?format=csv&currency=USD');
    expect(res.statusCode).toBe(200);
    const ids = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(',')[0]);
    expect(ids).toHaveLength(2500);
    expect(new Set(ids).size).toBe(2500);
  });
});
