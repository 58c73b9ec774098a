// The service catalogue through the API (docs/decisions/0024): the default catalogue the migration seeds,
// who reads and who changes it, unique names in any case, the version guard, archiving; a service taking its
// treatment from the catalogue; an invoice line that bills a service with another treatment needing a reason;
// and the migration's backfill held to the domain's rule.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_SERVICE_TYPES,
  INVOICE_EXAMPLE,
  type InvoiceRecord,
  legacyTreatmentOf,
  ROLES,
  rolesThatCan,
  SERVICE_TYPE_MESSAGES,
  type ServiceRecord,
  type ServiceTypeRecord,
} from '@crm/domain';
import { sql } from 'drizzle-orm';
import { pdfPages } from '../../../test/pdf-text.ts';
import { createFixture, type Fixture } from '../../../test/record-fixtures.ts';

let f: Fixture;
beforeAll(async () => {
  f = await createFixture();
});
afterAll(async () => {
  await f?.t.close();
});

const URL = '/api/settings/service-types';
const list = async () => (await f.call('consultant', 'GET', URL)).json() as ServiceTypeRecord[];
const add = (body: Record<string, unknown>) => f.call('account_administrator', 'POST', URL, body);

describe('the service catalogue', () => {
  it('starts with the default catalogue, by name, with no default fees', async () => {
    const types = await list();
    expect(types.map((t) => [t.name, t.defaultTreatment]).sort()).toEqual(
      DEFAULT_SERVICE_TYPES.map((t) => [t.name, t.defaultTreatment]).sort(),
    );
    expect(types.every((t) => !t.archived && Object.values(t.defaultFees).every((fee) => fee === null))).toBe(true);
  });

  it('is read by everyone who may add or edit a service, changed by account administrators only', async () => {
    const readers = new Set([...rolesThatCan('leads:edit'), ...rolesThatCan('clients:edit')]);
    for (const role of ROLES) {
      expect((await f.call(role, 'GET', URL)).statusCode, role).toBe(readers.has(role) ? 200 : 403);
    }
    const [first] = await list();
    for (const role of ROLES.filter((r) => r !== 'account_administrator')) {
      const created = await f.call(role, 'POST', URL, { name: `By ${role}` });
      expect(created.statusCode, role).toBe(403);
      const changed = await f.call(role, 'PATCH', `${URL}/${first!.id}`, { archived: true, version: first!.version });
      expect(changed.statusCode, role).toBe(403);
    }
    const refused = await f.call('administrator', 'POST', URL, { name: 'By an administrator' });
    expect(refused.json().message).toBe(SERVICE_TYPE_MESSAGES.onlyAccountAdmins);
  });

  it('adds a type with default fees and a treatment, audited', async () => {
    const res = await add({
      name: '  Professional Fee - Citizenship  ',
      defaultFees: { AUD: '1650', PHP: '', USD: '990.5' },
      defaultTreatment: 'taxable',
    });
    expect(res.statusCode).toBe(201);
    const created = res.json() as ServiceTypeRecord;
    expect(created).toMatchObject({
      name: 'Professional Fee - Citizenship',
      defaultFees: { AUD: '1650.00', PHP: null, USD: '990.50', EUR: null, GBP: null },
      defaultTreatment: 'taxable',
      archived: false,
      version: 1,
    });
    expect(await f.auditActions('SERVICE_TYPE', created.id)).toEqual(['CREATE_SERVICE_TYPE']);
    expect((await list()).map((t) => t.name)).toContain('Professional Fee - Citizenship');
  });

  it('refuses a name another type has, in any case, on create and on rename', async () => {
    const duplicate = await add({ name: ' visa APPLICATION ' });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().fieldErrors).toEqual({ name: [SERVICE_TYPE_MESSAGES.nameTaken] });
    const mine = (await add({ name: 'Document Translation' })).json() as ServiceTypeRecord;
    const rename = await f.call('account_administrator', 'PATCH', `${URL}/${mine.id}`, {
      name: 'other',
      version: mine.version,
    });
    expect(rename.statusCode).toBe(400);
    expect(rename.json().fieldErrors).toEqual({ name: [SERVICE_TYPE_MESSAGES.nameTaken] });
    // Its own name in another case is no clash.
    const recased = await f.call('account_administrator', 'PATCH', `${URL}/${mine.id}`, {
      name: 'Document translation',
      version: mine.version,
    });
    expect(recased.statusCode).toBe(200);
    const empty = await add({ name: '' });
    expect(empty.json().fieldErrors.name).toEqual([SERVICE_TYPE_MESSAGES.nameRequired]);
  });

  it('changes the fields sent with the version read, 409 when stale; archives and restores', async () => {
    const type = (await add({ name: 'Skills Advice', defaultFees: { AUD: '500' } })).json() as ServiceTypeRecord;
    const changed = await f.call('account_administrator', 'PATCH', `${URL}/${type.id}`, {
      defaultTreatment: 'gst_free',
      version: type.version,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      name: 'Skills Advice',
      defaultFees: { AUD: '500.00' },
      defaultTreatment: 'gst_free',
      version: 2,
    });
    const stale = await f.call('account_administrator', 'PATCH', `${URL}/${type.id}`, {
      archived: true,
      version: type.version,
    });
    expect(stale.statusCode).toBe(409);
    const archived = await f.call('account_administrator', 'PATCH', `${URL}/${type.id}`, {
      archived: true,
      version: 2,
    });
    expect(archived.json()).toMatchObject({ archived: true, version: 3 });
    const restored = await f.call('account_administrator', 'PATCH', `${URL}/${type.id}`, {
      archived: false,
      version: 3,
    });
    expect(restored.json()).toMatchObject({ archived: false, version: 4 });
    expect(await f.auditActions('SERVICE_TYPE', type.id)).toEqual([
      'CREATE_SERVICE_TYPE',
      'UPDATE_SERVICE_TYPE',
      'ARCHIVE_SERVICE_TYPE',
      'RESTORE_SERVICE_TYPE',
    ]);
    const missing = await f.call('account_administrator', 'PATCH', `${URL}/${crypto.randomUUID()}`, {
      archived: true,
      version: 1,
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe("a service's tax treatment", () => {
  it("takes the catalogue's treatment for its name when none is given, else taxable; keeps it on a change", async () => {
    await add({ name: 'Overseas Student Health Cover', defaultTreatment: 'gst_free' });
    const lead = await f.createLead('consultant');
    const addService = async (body: Record<string, unknown>) => {
      const res = await f.call('consultant', 'POST', `/api/leads/${lead.id}/services`, body);
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as ServiceRecord;
    };
    expect((await addService({ serviceName: 'overseas student health cover' })).taxTreatment).toBe('gst_free');
    expect((await addService({ serviceName: 'Visa Application' })).taxTreatment).toBe('government_charge');
    expect((await addService({ serviceName: 'A fee nobody catalogued' })).taxTreatment).toBe('taxable');
    const chosen = await addService({ serviceName: 'Visa Application', taxTreatment: 'taxable' });
    expect(chosen.taxTreatment).toBe('taxable');

    const renamed = await f.call('consultant', 'PATCH', `/api/services/${chosen.id}`, {
      serviceName: 'Health Insurance',
      version: chosen.version,
    });
    expect(renamed.json()).toMatchObject({ serviceName: 'Health Insurance', taxTreatment: 'taxable' });
    const changed = await f.call('consultant', 'PATCH', `/api/services/${chosen.id}`, {
      taxTreatment: 'gst_free',
      version: renamed.json().version,
    });
    expect(changed.json().taxTreatment).toBe('gst_free');
    const bad = await f.call('consultant', 'PATCH', `/api/services/${chosen.id}`, {
      taxTreatment: 'exempt',
      version: changed.json().version,
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('an invoice line billing a service', () => {
  it("needs a reason when its treatment differs from the service's, and keeps it", async () => {
    const lead = await f.createLead('administrator');
    const service = (
      await f.call('administrator', 'POST', `/api/leads/${lead.id}/services`, {
        serviceName: 'Professional Fee - Employer Sponsored Visa (482/186)',
        serviceFee: '3300.00',
      })
    ).json() as ServiceRecord;
    expect(service.taxTreatment).toBe('taxable');
    const invoice = (items: Record<string, unknown>[]) => ({
      ...INVOICE_EXAMPLE,
      entityType: 'lead',
      entityId: lead.id,
      items,
    });
    const line = { description: service.serviceName, quantity: '1', rate: '3300.00', serviceId: service.id };

    // Entered as a government charge (the old 'Visa Application' guess), it is refused on the line.
    const other = { description: 'Note', quantity: '1', rate: '10.00' };
    const refused = await f.call(
      'administrator',
      'POST',
      '/api/invoices',
      invoice([other, { ...line, taxTreatment: 'government_charge' }]),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toEqual({ 'items.1.treatmentReason': [SERVICE_TYPE_MESSAGES.reasonRequired] });
    // `taxable: false` alone reads as a government charge: the same refusal.
    const legacy = await f.call('administrator', 'POST', '/api/invoices', invoice([{ ...line, taxable: false }]));
    expect(legacy.json().fieldErrors).toEqual({ 'items.0.treatmentReason': [SERVICE_TYPE_MESSAGES.reasonRequired] });

    const taxed = await f.call('administrator', 'POST', '/api/invoices', invoice([line]));
    expect(taxed.statusCode, taxed.body).toBe(201);
    expect(taxed.json()).toMatchObject({ tax: '330.00', total: '3630.00' });
    expect((taxed.json() as InvoiceRecord).items[0]).toMatchObject({
      taxable: true,
      taxTreatment: 'taxable',
      treatmentReason: null,
    });

    const reasoned = await f.call(
      'administrator',
      'POST',
      '/api/invoices',
      invoice([
        { ...line, taxable: true, taxTreatment: 'gst_free', treatmentReason: 'Exported service: client offshore' },
      ]),
    );
    expect(reasoned.statusCode, reasoned.body).toBe(201);
    const saved = reasoned.json() as InvoiceRecord;
    expect(saved).toMatchObject({ tax: '0.00', total: '3300.00' });
    expect(saved.items[0]).toMatchObject({
      taxable: false,
      taxTreatment: 'gst_free',
      treatmentReason: 'Exported service: client offshore',
    });
    const reread = (await f.call('administrator', 'GET', `/api/invoices/${saved.id}`)).json() as InvoiceRecord;
    expect(reread.items[0]?.treatmentReason).toBe('Exported service: client offshore');
    // The PDF prints the reason under the line's description.
    const pdf = await f.call('administrator', 'GET', `/api/invoices/${saved.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    const [page] = await pdfPages(pdf.rawPayload);
    expect(page).toContain('Exported service: client offshore');
  });
});

describe('the migration', () => {
  const statements = readFileSync(
    new globalThis.URL('../../../drizzle/0036_service_catalogue_backfill.sql', import.meta.url),
    'utf8',
  ).split('--> statement-breakpoint');

  it("gives existing services what 'Bill services' gave them (the domain's legacyTreatmentOf)", async () => {
    const lead = await f.createLead('administrator');
    const cases: [string, string | null][] = [
      ['Visa Application', null],
      ['Skills Assessment', 'Other'],
      ['Health Insurance', 'Visa Application'],
      ['Tuition Fee', null],
      ['Lodgement', 'Skills Assessment'],
      ['OSHC', 'Health Insurance'],
      ['Professional Fee - Student Visa', 'Professional Fee - Student Visa'],
      ['Anything', null],
    ];
    const ids: string[] = [];
    for (const [name, category] of cases) {
      const res = await f.t.database.db.execute<{ id: string }>(sql`
        insert into services (lead_id, service_name, service_category, tax_treatment)
        values (${lead.id}, ${name}, ${category}, 'taxable') returning id`);
      ids.push(res.rows[0]!.id);
    }
    await f.exec(statements[1]!);
    for (const [i, [name, category]] of cases.entries()) {
      const res = await f.t.database.db.execute<{ tax_treatment: string }>(
        sql`select tax_treatment from services where id = ${ids[i]}`,
      );
      expect(res.rows[0]!.tax_treatment, `${name} / ${category}`).toBe(legacyTreatmentOf(name, category));
    }
  });
});
