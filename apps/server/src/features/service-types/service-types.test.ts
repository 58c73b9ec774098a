// The service catalogue through the API (docs/decisions/0024): the default catalogue the migration seeds,
// who reads and who changes it, unique names in any case, the version guard, archiving; a service taking its
// treatment from the catalogue; an invoice line that bills a service with another treatment needing a reason;
// and the migration's backfill held to the domain's rule.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SERVICE_TYPES,
  INVOICE_EXAMPLE,
  legacyTreatmentOf,
  ROLES,
  rolesThatCan,
  SERVICE_TYPE_MESSAGES,
} from '@crm/domain';
import { sql } from 'drizzle-orm';
import { idPath, type JsonBody } from '../../../test/api-client.ts';
import { pdfPages } from '../../../test/pdf-text.ts';
import { type Fixture, fixtureForFile } from '../../../test/record-fixtures.ts';

const f = fixtureForFile();

type InvoiceLine = JsonBody<'/api/invoices', 'post'>['items'][number];

const list = async () => (await f.api('consultant').GET('/api/settings/service-types')).data!;
const add = (body: JsonBody<'/api/settings/service-types', 'post'>) =>
  f.api('account_administrator').POST('/api/settings/service-types', { body });
const change = (
  id: string,
  body: JsonBody<'/api/settings/service-types/{id}', 'patch'>,
  role: Parameters<Fixture['api']>[0] = 'account_administrator',
) => f.api(role).PATCH('/api/settings/service-types/{id}', { ...idPath(id), body });

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
      expect((await f.api(role).GET('/api/settings/service-types')).response.status, role).toBe(
        readers.has(role) ? 200 : 403,
      );
    }
    const [first] = await list();
    for (const role of ROLES.filter((r) => r !== 'account_administrator')) {
      const created = await f.api(role).POST('/api/settings/service-types', { body: { name: `By ${role}` } });
      expect(created.response.status, role).toBe(403);
      const changed = await change(first!.id, { archived: true, version: first!.version }, role);
      expect(changed.response.status, role).toBe(403);
    }
    const refused = await f
      .api('administrator')
      .POST('/api/settings/service-types', { body: { name: 'By an administrator' } });
    expect(refused.error?.message).toBe(SERVICE_TYPE_MESSAGES.onlyAccountAdmins);
  });

  it('adds a type with default fees and a treatment, audited', async () => {
    const res = await add({
      name: '  Professional Fee - Citizenship  ',
      defaultFees: { AUD: '1650', PHP: '', USD: '990.5' },
      defaultTreatment: 'taxable',
    });
    expect(res.response.status).toBe(201);
    const created = res.data!;
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
    expect(duplicate.response.status).toBe(400);
    expect(duplicate.error?.fieldErrors).toEqual({ name: [SERVICE_TYPE_MESSAGES.nameTaken] });
    const mine = (await add({ name: 'Document Translation' })).data!;
    const rename = await change(mine.id, { name: 'other', version: mine.version });
    expect(rename.response.status).toBe(400);
    expect(rename.error?.fieldErrors).toEqual({ name: [SERVICE_TYPE_MESSAGES.nameTaken] });
    // Its own name in another case is no clash.
    const recased = await change(mine.id, { name: 'Document translation', version: mine.version });
    expect(recased.response.status).toBe(200);
    const empty = await add({ name: '' });
    expect(empty.error?.fieldErrors?.name).toEqual([SERVICE_TYPE_MESSAGES.nameRequired]);
  });

  it('changes the fields sent with the version read, 409 when stale; archives and restores', async () => {
    const type = (await add({ name: 'Skills Advice', defaultFees: { AUD: '500' } })).data!;
    const changed = await change(type.id, { defaultTreatment: 'gst_free', version: type.version });
    expect(changed.response.status).toBe(200);
    expect(changed.data).toMatchObject({
      name: 'Skills Advice',
      defaultFees: { AUD: '500.00' },
      defaultTreatment: 'gst_free',
      version: 2,
    });
    const stale = await change(type.id, { archived: true, version: type.version });
    expect(stale.response.status).toBe(409);
    const archived = await change(type.id, { archived: true, version: 2 });
    expect(archived.data).toMatchObject({ archived: true, version: 3 });
    const restored = await change(type.id, { archived: false, version: 3 });
    expect(restored.data).toMatchObject({ archived: false, version: 4 });
    expect(await f.auditActions('SERVICE_TYPE', type.id)).toEqual([
      'CREATE_SERVICE_TYPE',
      'UPDATE_SERVICE_TYPE',
      'ARCHIVE_SERVICE_TYPE',
      'RESTORE_SERVICE_TYPE',
    ]);
    const missing = await change(crypto.randomUUID(), { archived: true, version: 1 });
    expect(missing.response.status).toBe(404);
  });
});

describe("a service's tax treatment", () => {
  it("takes the catalogue's treatment for its name when none is given, else taxable; keeps it on a change", async () => {
    await add({ name: 'Overseas Student Health Cover', defaultTreatment: 'gst_free' });
    const lead = await f.createLead('consultant');
    const consultant = f.api('consultant');
    const addService = async (body: JsonBody<'/api/leads/{id}/services', 'post'>) => {
      const res = await consultant.POST('/api/leads/{id}/services', { ...idPath(lead.id), body });
      expect(res.response.status, JSON.stringify(res.error)).toBe(201);
      return res.data!;
    };
    expect((await addService({ serviceName: 'overseas student health cover' })).taxTreatment).toBe('gst_free');
    expect((await addService({ serviceName: 'Visa Application' })).taxTreatment).toBe('government_charge');
    expect((await addService({ serviceName: 'A fee nobody catalogued' })).taxTreatment).toBe('taxable');
    const chosen = await addService({ serviceName: 'Visa Application', taxTreatment: 'taxable' });
    expect(chosen.taxTreatment).toBe('taxable');

    const byId = idPath(chosen.id);
    const renamed = await consultant.PATCH('/api/services/{id}', {
      ...byId,
      body: { serviceName: 'Health Insurance', version: chosen.version },
    });
    expect(renamed.data).toMatchObject({ serviceName: 'Health Insurance', taxTreatment: 'taxable' });
    const changed = await consultant.PATCH('/api/services/{id}', {
      ...byId,
      body: { taxTreatment: 'gst_free', version: renamed.data!.version },
    });
    expect(changed.data?.taxTreatment).toBe('gst_free');
    // Raw: a treatment the document does not list.
    const bad = await f.call('consultant', 'PATCH', `/api/services/${chosen.id}`, {
      taxTreatment: 'exempt',
      version: changed.data!.version,
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('an invoice line billing a service', () => {
  it("needs a reason when its treatment differs from the service's, and keeps it", async () => {
    const lead = await f.createLead('administrator');
    const admin = f.api('administrator');
    const service = (
      await admin.POST('/api/leads/{id}/services', {
        ...idPath(lead.id),
        body: { serviceName: 'Professional Fee - Employer Sponsored Visa (482/186)', serviceFee: '3300.00' },
      })
    ).data!;
    expect(service.taxTreatment).toBe('taxable');
    const invoice = (items: InvoiceLine[]) =>
      admin.POST('/api/invoices', {
        body: {
          ...INVOICE_EXAMPLE,
          entityType: 'lead',
          entityId: lead.id,
          items,
        },
      });
    const line = { description: service.serviceName, quantity: '1', rate: '3300.00', serviceId: service.id };

    // Entered as a government charge (the old 'Visa Application' guess), it is refused on the line.
    const other = { description: 'Note', quantity: '1', rate: '10.00' };
    const refused = await invoice([other, { ...line, taxTreatment: 'government_charge' }]);
    expect(refused.response.status).toBe(400);
    expect(refused.error?.fieldErrors).toEqual({ 'items.1.treatmentReason': [SERVICE_TYPE_MESSAGES.reasonRequired] });
    // `taxable: false` alone reads as a government charge: the same refusal.
    const legacy = await invoice([{ ...line, taxable: false }]);
    expect(legacy.error?.fieldErrors).toEqual({ 'items.0.treatmentReason': [SERVICE_TYPE_MESSAGES.reasonRequired] });

    const taxed = await invoice([line]);
    expect(taxed.response.status, JSON.stringify(taxed.error)).toBe(201);
    expect(taxed.data).toMatchObject({ tax: '330.00', total: '3630.00' });
    expect(taxed.data!.items[0]).toMatchObject({
      taxable: true,
      taxTreatment: 'taxable',
      treatmentReason: null,
    });

    const reasoned = await invoice([
      { ...line, taxable: true, taxTreatment: 'gst_free', treatmentReason: 'Exported service: client offshore' },
    ]);
    expect(reasoned.response.status, JSON.stringify(reasoned.error)).toBe(201);
    const saved = reasoned.data!;
    expect(saved).toMatchObject({ tax: '0.00', total: '3300.00' });
    expect(saved.items[0]).toMatchObject({
      taxable: false,
      taxTreatment: 'gst_free',
      treatmentReason: 'Exported service: client offshore',
    });
    const reread = (await admin.GET('/api/invoices/{id}', idPath(saved.id))).data!;
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
