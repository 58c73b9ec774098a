// Contract Manager through the API (issue 16 item 1): references unique under concurrent creates and per
// year, a template's placeholders checked on save and filled from the client on create, the role rules,
// draft → active → terminated with terminated and expired read-only, a record's contracts, the signed copy
// and the PDF carrying the client's details.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLIENT_MESSAGES,
  CONTRACT_MESSAGES,
  CONTRACT_TEMPLATE_EXAMPLE,
  type ContractRecord,
  type DisplaySetting,
  type Role,
  contractReferenceOf,
  DEFAULT_DISPLAY_SETTING,
  escapeHtml,
  formatCalendarDate,
  LEAD_MESSAGES,
} from '@crm/domain';
import { eq } from 'drizzle-orm';
import { idPath, type JsonBody, type Query } from '../../../test/api-client.ts';
import { pdfPages } from '../../../test/pdf-text.ts';
import { createFixture, type Fixture } from '../../../test/record-fixtures.ts';
import { contracts, documentCounters } from '../../db/schema/index.ts';
import { readFirmToday, readGeneralSettings } from '../../platform/settings/settings.repository.ts';

let f: Fixture;
let clientId: string;
let leadId: string;

type ContractBody = JsonBody<'/api/contracts', 'post'>;

const admin = () => f.api('administrator');

/** A new client as the administrator; its id. */
async function newClient(overrides: Partial<JsonBody<'/api/clients', 'post'>>) {
  const res = await admin().POST('/api/clients', { body: f.clientInput(overrides) });
  expect(res.response.status, JSON.stringify(res.error)).toBe(201);
  return res.data!.id;
}

beforeAll(async () => {
  f = await createFixture();
  clientId = await newClient({ firstName: 'Amara', lastName: 'Okafor', passportNumber: 'PA1234567' });
  leadId = (await f.createLead('administrator', { firstName: 'Liam', lastName: 'Nguyen' })).id;
});
afterAll(async () => {
  await f?.t.close();
});

const body = (overrides: Partial<ContractBody> = {}): ContractBody => ({
  title: 'Migration services agreement',
  entityType: 'client',
  entityId: clientId,
  effectiveDate: '2026-07-01',
  expiryDate: '2030-06-30',
  content: '<p>Agreed terms.</p>',
  ...overrides,
});

const create = async (overrides: Partial<ContractBody> = {}, role: Role = 'administrator') => {
  const res = await f.api(role).POST('/api/contracts', { body: body(overrides) });
  expect(res.response.status, JSON.stringify(res.error)).toBe(201);
  return res.data!;
};

const createTemplate = async (
  overrides: Partial<JsonBody<'/api/contract-templates', 'post'>> = {},
  role: Role = 'administrator',
) => {
  const res = await f
    .api(role)
    .POST('/api/contract-templates', { body: { ...CONTRACT_TEMPLATE_EXAMPLE, ...overrides } });
  expect(res.response.status, JSON.stringify(res.error)).toBe(201);
  return res.data!;
};

/** The contracts listed under a query, as the role. */
const listed = async (query: Query<'/api/contracts'>, role: Role = 'administrator') => {
  const res = await f.api(role).GET('/api/contracts', { params: { query } });
  expect(res.response.status, JSON.stringify(res.error)).toBe(200);
  return res.data!;
};

describe('references', () => {
  it("numbers contracts CONT-<firm's year>-NNN and never twice under concurrent creates", async () => {
    const year = (await readFirmToday(f.t.database.db)).slice(0, 4);
    const made = await Promise.all(Array.from({ length: 12 }, () => create()));
    const refs = made.map((c) => c.reference);
    expect(new Set(refs).size).toBe(refs.length);
    for (const ref of refs) expect(ref).toMatch(new RegExp(`^CONT-${year}-\\d{3}$`));
  });

  it('grows past 999 in a year', async () => {
    const year = (await readFirmToday(f.t.database.db)).slice(0, 4);
    await f.t.database.db
      .update(documentCounters)
      .set({ lastValue: 999 })
      .where(eq(documentCounters.name, `contract-${year}`));
    const c = await create();
    expect(c.reference).toBe(`CONT-${year}-1000`);
    expect(contractReferenceOf('2027', 7)).toBe('CONT-2027-007');
  });
});

describe('templates', () => {
  it('refuses an unknown placeholder with its name, and stores nothing', async () => {
    const res = await admin().POST('/api/contract-templates', {
      body: { ...CONTRACT_TEMPLATE_EXAMPLE, content: '<p>Dear {{client.firstName}} {{client.shoeSize}}</p>' },
    });
    expect(res.response.status).toBe(400);
    expect(res.error?.fieldErrors?.content?.[0]).toBe(CONTRACT_MESSAGES.unknownPlaceholders(['client.shoeSize']));
  });

  it('defaults the category to General; a private template is seen only by its author', async () => {
    const t = await createTemplate({ category: '', isPublic: false }, 'consultant');
    expect(t.category).toBe('General');
    const theirs = await f.api('consultant').GET('/api/contract-templates', {});
    expect(theirs.data!.map((x) => x.id)).toContain(t.id);
    const others = await f.api('supervisor').GET('/api/contract-templates', {});
    expect(others.data!.map((x) => x.id)).not.toContain(t.id);
    expect((await f.api('supervisor').GET('/api/contract-templates/{id}', idPath(t.id))).response.status).toBe(404);
  });

  it('fills the placeholders from the client and the firm when a contract is drafted from it', async () => {
    const t = await createTemplate({
      content:
        '<p>{{firm.name}} acts for {{client.firstName}} {{client.lastName}} (passport {{client.passportNumber}}, {{client.email}}) from {{today}}.</p>',
    });
    const c = await create({ content: '', templateId: t.id });
    const today = await readFirmToday(f.t.database.db);
    expect(c.content).toContain('Amara Okafor (passport PA1234567, client.');
    expect(c.content).toContain(`from ${formatCalendarDate(today, DEFAULT_DISPLAY_SETTING.dateFormat)}.`);
    expect(c.content).not.toContain('{{');
    expect(c.templateId).toBe(t.id);
  });

  it("fills the dates in the firm's date format, never as ISO dates", async () => {
    const t = await createTemplate({
      content: '<p>From {{contract.effectiveDate}} to {{contract.expiryDate}}, signed {{today}}.</p>',
    });
    const firstDraft = await create({ content: '', templateId: t.id });
    expect(firstDraft.content).toContain('From 01 Jul 2026 to 30 Jun 2030, signed ');
    const set = async (dateFormat: DisplaySetting['dateFormat']) =>
      (
        await f
          .api('account_administrator')
          .PUT('/api/settings/display', { body: { ...DEFAULT_DISPLAY_SETTING, dateFormat } })
      ).response.status;
    expect(await set('DD/MM/YYYY')).toBe(200);
    try {
      const c = await create({ content: '', templateId: t.id, expiryDate: undefined });
      const today = await readFirmToday(f.t.database.db);
      expect(c.content).toContain(`From 01/07/2026 to , signed ${formatCalendarDate(today, 'DD/MM/YYYY')}.`);
      expect(c.content).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    } finally {
      expect(await set(DEFAULT_DISPLAY_SETTING.dateFormat)).toBe(200);
    }
  });

  it('cleans the content it stores (no script survives)', async () => {
    const c = await create({ content: '<p onclick="x()">Hi<script>alert(1)</script></p>' });
    expect(c.content).toBe('<p>Hi</p>');
  });
});

describe("the template's text before the contract is created", () => {
  const fill = (
    templateId: string,
    overrides: Partial<JsonBody<'/api/contract-templates/{id}/fill', 'post'>> = {},
    role: Role = 'administrator',
  ) =>
    f.api(role).POST('/api/contract-templates/{id}/fill', {
      ...idPath(templateId),
      body: {
        entityType: 'client',
        entityId: clientId,
        additionalClientIds: [],
        effectiveDate: '2026-07-01',
        expiryDate: '2030-06-30',
        ...overrides,
      },
    });
  const storedCount = async () => (await f.t.database.db.select({ id: contracts.id }).from(contracts)).length;

  it('fills it as create would store it, stores nothing, and leaves the reference and title to create', async () => {
    const t = await createTemplate({
      content:
        '<h2>{{contract.title}} ({{contract.reference}})</h2><p>{{firm.name}} acts for {{client.fullName}} (passport {{client.passportNumber}}) from {{contract.effectiveDate}} to {{contract.expiryDate}}; <strong>today</strong> {{today}}.</p>',
    });
    const before = await storedCount();
    const res = await fill(t.id);
    expect(res.response.status, JSON.stringify(res.error)).toBe(200);
    const shown = res.data!.content;
    const today = formatCalendarDate(await readFirmToday(f.t.database.db), DEFAULT_DISPLAY_SETTING.dateFormat);
    const firm = (await readGeneralSettings(f.t.database.db)).companyName;
    expect(shown).toBe(
      `<h2>{{contract.title}} ({{contract.reference}})</h2><p>${escapeHtml(firm)} acts for Amara Okafor (passport PA1234567) from 01 Jul 2026 to 30 Jun 2030; <strong>today</strong> ${today}.</p>`,
    );
    expect(await storedCount()).toBe(before);

    // Sent back as the content (what New Contract does), it is stored as shown with the reference and title
    // in; and it is the very text an API caller gets by sending no content.
    const asShown = await create({ content: shown, templateId: t.id, title: 'Retainer' });
    const byServer = await create({ content: undefined, templateId: t.id, title: 'Retainer' });
    const withOwn = (text: string, c: ContractRecord) =>
      text.replace('{{contract.title}}', c.title).replace('{{contract.reference}}', c.reference);
    expect(asShown.content).toBe(withOwn(shown, asShown));
    expect(byServer.content).toBe(withOwn(shown, byServer));
  });

  it('fills for a lead, with the dates the form holds', async () => {
    const t = await createTemplate({
      content: '<p>{{client.firstName}} from {{contract.effectiveDate}} to {{contract.expiryDate}}.</p>',
    });
    const res = await fill(t.id, { entityType: 'lead', entityId: leadId, effectiveDate: '2027-02-03', expiryDate: '' });
    expect(res.response.status, JSON.stringify(res.error)).toBe(200);
    expect(res.data).toEqual({ content: '<p>Liam from 03 Feb 2027 to .</p>' });
  });

  it('answers as create: a record or template out of view is not found, a converted lead is read-only', async () => {
    const t = await createTemplate();
    // The administrator's client is not the consultant's to see.
    const hidden = await fill(t.id, {}, 'consultant');
    expect(hidden.response.status).toBe(404);
    expect(hidden.error?.message).toBe('Client not found');
    const own = await f.createLead('consultant');
    expect((await fill(t.id, { entityType: 'lead', entityId: own.id }, 'consultant')).response.status).toBe(200);
    const hiddenLead = await fill(t.id, { entityType: 'lead', entityId: leadId }, 'consultant');
    expect(hiddenLead.response.status).toBe(404);
    expect(hiddenLead.error?.message).toBe('Lead not found');
    const partner = await fill(
      t.id,
      { entityType: 'lead', entityId: own.id, additionalClientIds: [clientId] },
      'consultant',
    );
    expect(partner.response.status).toBe(400);
    expect(partner.error?.fieldErrors?.additionalClientIds).toEqual(['Client not found']);

    const theirs = await createTemplate({ isPublic: false }, 'consultant');
    const notShared = await fill(theirs.id, {}, 'supervisor');
    expect(notShared.response.status).toBe(404);
    expect(notShared.error?.message).toBe(CONTRACT_MESSAGES.templateNotFound);
    expect((await fill('not-a-uuid')).response.status).toBe(404);

    const lead = await f.createLead();
    expect((await admin().POST('/api/leads/{id}/convert', { ...idPath(lead.id), body: {} })).response.status).toBe(200);
    const converted = await fill(t.id, { entityType: 'lead', entityId: lead.id });
    expect(converted.response.status).toBe(409);
    expect(converted.error?.message).toBe(LEAD_MESSAGES.readOnlyConverted);
  });

  it('refuses bad input in words and unknown fields; guest is refused as on create', async () => {
    const t = await createTemplate();
    // Raw: the required fields are missing.
    const missing = await f.call('administrator', 'POST', `/api/contract-templates/${t.id}/fill`, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors).toMatchObject({
      entityType: [CONTRACT_MESSAGES.recordRequired],
      entityId: [CONTRACT_MESSAGES.recordRequired],
      effectiveDate: [CONTRACT_MESSAGES.effectiveRequired],
    });
    const backwards = await fill(t.id, { expiryDate: '2026-06-30' });
    expect(backwards.response.status).toBe(400);
    expect(backwards.error?.fieldErrors?.expiryDate).toEqual([CONTRACT_MESSAGES.expiryBeforeEffective]);
    // Raw: a field the document does not have.
    const extra = await f.call('administrator', 'POST', `/api/contract-templates/${t.id}/fill`, {
      entityType: 'client',
      entityId: clientId,
      additionalClientIds: [],
      effectiveDate: '2026-07-01',
      expiryDate: '2030-06-30',
      content: '<p>x</p>',
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().fieldErrors.content).toEqual(["Unknown field 'content'"]);
    for (const role of ['account_administrator', 'supervisor', 'team_lead', 'member'] as const) {
      expect((await fill(t.id, {}, role)).response.status, role).toBe(200);
    }
    expect((await fill(t.id, {}, 'guest')).response.status).toBe(403);
  });
});

describe('roles', () => {
  it('every role but guest opens Contract Manager; guest is refused', async () => {
    for (const role of [
      'account_administrator',
      'administrator',
      'supervisor',
      'team_lead',
      'consultant',
      'member',
    ] as const) {
      expect((await f.api(role).GET('/api/contracts', {})).response.status, role).toBe(200);
    }
    expect((await f.api('guest').GET('/api/contracts', {})).response.status).toBe(403);
    expect((await f.api('guest').POST('/api/contracts', { body: body() })).response.status).toBe(403);
  });

  it('a consultant drafts for a record they may see, not for one they may not, and cannot terminate', async () => {
    const own = await f.createLead('consultant');
    const c = await create({ entityType: 'lead', entityId: own.id }, 'consultant');
    const consultant = f.api('consultant');
    const other = await consultant.POST('/api/contracts', { body: body() });
    expect(other.response.status).toBe(400);
    const active = await consultant.POST('/api/contracts/{id}/activate', {
      ...idPath(c.id),
      body: { version: c.version },
    });
    expect(active.response.status, JSON.stringify(active.error)).toBe(200);
    const end = await consultant.POST('/api/contracts/{id}/terminate', { ...idPath(c.id), body: { version: 2 } });
    expect(end.response.status).toBe(403);
    // The consultant sees their own, not the administrator's contract for another client.
    const theirs = (await listed({}, 'consultant')).items;
    expect(theirs.map((x) => x.id)).toContain(c.id);
    expect(theirs.every((x) => x.record?.id === own.id)).toBe(true);
  });

  it('a consultant also sees the contracts others drafted on the records they look after, and their list has no total', async () => {
    const managed = await f.createLead('administrator');
    await f.exec(`update leads set assistant_manager_user_id = '${f.idOf('consultant')}' where id = '${managed.id}'`);
    const theirs = await create({ entityType: 'lead', entityId: managed.id });
    const notTheirs = await create({ entityType: 'lead', entityId: (await f.createLead('administrator')).id });
    const page = await listed({ pageSize: 100 }, 'consultant');
    const ids = page.items.map((x) => x.id);
    expect(ids).toContain(theirs.id);
    expect(ids).not.toContain(notTheirs.id);
    // Counting would probe every contract's record: the consultant's list says no total, as a searched one.
    expect(page.total).toBeNull();
    expect((await listed({})).total).toBeGreaterThan(0);
    expect((await f.api('consultant').GET('/api/contracts/{id}', idPath(notTheirs.id))).response.status).toBe(404);
  });
});

describe('lifecycle', () => {
  it('activates, terminates, and then refuses every change in words', async () => {
    const c = await create();
    expect(c.status).toBe('draft');
    const supervisor = f.api('supervisor');
    const a = await supervisor.POST('/api/contracts/{id}/activate', { ...idPath(c.id), body: { version: c.version } });
    expect(a.data?.status).toBe('active');
    const t = await supervisor.POST('/api/contracts/{id}/terminate', {
      ...idPath(c.id),
      body: { version: a.data!.version },
    });
    expect(t.data).toMatchObject({ status: 'terminated', readOnly: true });
    const edit = await admin().PATCH('/api/contracts/{id}', { ...idPath(c.id), body: { title: 'x', version: 3 } });
    expect(edit.response.status).toBe(409);
    expect(edit.error?.message).toBe(CONTRACT_MESSAGES.readOnly('terminated'));
    const del = await admin().DELETE('/api/contracts/{id}', idPath(c.id));
    expect(del.response.status).toBe(409);
    expect(del.error?.message).toBe(CONTRACT_MESSAGES.notDraft);
  });

  it("an active contract past its expiry date (firm's date) is expired and read-only", async () => {
    const c = await create({ effectiveDate: '2020-01-01', expiryDate: '2021-01-01' });
    const a = await admin().POST('/api/contracts/{id}/activate', { ...idPath(c.id), body: { version: c.version } });
    expect(a.data).toMatchObject({ status: 'expired', readOnly: true });
    const edit = await admin().PATCH('/api/contracts/{id}', { ...idPath(c.id), body: { title: 'x', version: 2 } });
    expect(edit.response.status).toBe(409);
    expect(edit.error?.message).toBe(CONTRACT_MESSAGES.readOnly('expired'));
    const expired = (await listed({ status: ['expired'] })).items;
    expect(expired.map((x) => x.id)).toContain(c.id);
    const active = (await listed({ status: ['active'] })).items;
    expect(active.map((x) => x.id)).not.toContain(c.id);
  });

  it('edits a draft with the version read; a stale version is 409; a draft may be deleted', async () => {
    const c = await create();
    const member = f.api('member');
    const ok = await member.PATCH('/api/contracts/{id}', {
      ...idPath(c.id),
      body: { title: 'Revised', version: c.version },
    });
    expect(ok.response.status, JSON.stringify(ok.error)).toBe(200);
    expect(ok.data?.title).toBe('Revised');
    const stale = await member.PATCH('/api/contracts/{id}', {
      ...idPath(c.id),
      body: { title: 'Again', version: c.version },
    });
    expect(stale.response.status).toBe(409);
    expect((await admin().DELETE('/api/contracts/{id}', idPath(c.id))).response.status).toBe(200);
    expect(await f.t.database.db.select().from(contracts).where(eq(contracts.id, c.id))).toEqual([]);
    expect(await f.auditActions('CONTRACT', c.id)).toEqual(['CREATE_CONTRACT', 'UPDATE_CONTRACT', 'DELETE_CONTRACT']);
  });

  it('searches by reference, title or name', async () => {
    const c = await create({ title: 'Partner visa retainer zebra' });
    const found = (await listed({ search: 'zebra' })).items;
    expect(found.map((x) => x.id)).toEqual([c.id]);
    const byRef = (await listed({ search: c.reference })).items;
    expect(byRef.map((x) => x.id)).toEqual([c.id]);
  });
});

describe("a record's contracts, the signed copy and the PDF", () => {
  it("lists a lead's and a client's contracts", async () => {
    const c = await create({ entityType: 'lead', entityId: leadId });
    const ofLead = (await admin().GET('/api/leads/{id}/contracts', idPath(leadId))).data!;
    expect(ofLead.map((x) => x.id)).toEqual([c.id]);
    const ofClient = await admin().GET('/api/clients/{id}/contracts', idPath(clientId));
    expect(ofClient.response.status).toBe(200);
    expect(ofClient.data!.every((x) => x.record?.id === clientId)).toBe(true);
  });

  it('follows its lead when the lead is converted to a client', async () => {
    const lead = await f.createLead();
    const c = await create({ entityType: 'lead', entityId: lead.id });
    const res = await admin().POST('/api/leads/{id}/convert', { ...idPath(lead.id), body: {} });
    expect(res.response.status, JSON.stringify(res.error)).toBe(200);
    const moved = (await admin().GET('/api/contracts/{id}', idPath(c.id))).data!;
    expect(moved.record).toMatchObject({ type: 'client', id: res.data!.client.id });
  });

  it('lists a contract on the panel of each additional client it names, and keeps the names when edited', async () => {
    const partnerId = await newClient({ firstName: 'Ngozi' });
    const c = await create({ additionalClientIds: [partnerId] });
    expect(c.additionalClients).toEqual([{ id: partnerId, type: 'client', name: expect.stringContaining('Ngozi') }]);
    const ofPartner = (await admin().GET('/api/clients/{id}/contracts', idPath(partnerId))).data!;
    expect(ofPartner.map((x) => x.id)).toContain(c.id);
    const edited = await admin().PATCH('/api/contracts/{id}', {
      ...idPath(c.id),
      body: { additionalClientIds: [], version: c.version },
    });
    expect(edited.response.status, JSON.stringify(edited.error)).toBe(200);
    const after = (await admin().GET('/api/clients/{id}/contracts', idPath(partnerId))).data!;
    expect(after.map((x) => x.id)).not.toContain(c.id);
  });

  it('refuses a new contract for a converted lead or a reverted client, in their read-only words', async () => {
    const lead = await f.createLead();
    const converted = await admin().POST('/api/leads/{id}/convert', { ...idPath(lead.id), body: {} });
    expect(converted.response.status, JSON.stringify(converted.error)).toBe(200);
    const forLead = await admin().POST('/api/contracts', { body: body({ entityType: 'lead', entityId: lead.id }) });
    expect(forLead.response.status).toBe(409);
    expect(forLead.error?.message).toBe(LEAD_MESSAGES.readOnlyConverted);

    const clientOfLead = converted.data!.client.id;
    const reverted = await admin().POST('/api/clients/{id}/revert', idPath(clientOfLead));
    expect(reverted.response.status, JSON.stringify(reverted.error)).toBe(200);
    const forClient = await admin().POST('/api/contracts', { body: body({ entityId: clientOfLead }) });
    expect(forClient.response.status).toBe(409);
    expect(forClient.error?.message).toBe(CLIENT_MESSAGES.readOnlyReverted);
    const stored = await f.t.database.db.select().from(contracts).where(eq(contracts.clientId, clientOfLead));
    expect(stored).toEqual([]);
  });

  it('uploads a signed copy (a PDF told by its content) with the signed date; refuses anything else', async () => {
    const c = await create();
    const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');
    // A typed upload: the file under the document's field "file", sent as multipart with its name and type.
    const upload = (bytes: Buffer) =>
      admin().POST('/api/contracts/{id}/signed-copy', {
        params: { path: { id: c.id }, query: { signedDate: '2026-07-02' } },
        body: { file: new File([bytes], 'signed.pdf', { type: 'application/octet-stream' }) },
        bodySerializer: (body) => {
          const form = new FormData();
          if (body?.file) form.append('file', body.file);
          return form;
        },
      });
    const bad = await upload(Buffer.from('not a pdf at all'));
    expect(bad.response.status).toBe(400);
    expect(bad.error?.message).toBe(CONTRACT_MESSAGES.fileType);
    const ok = await upload(PDF);
    expect(ok.response.status, JSON.stringify(ok.error)).toBe(200);
    expect(ok.data).toMatchObject({ signedDate: '2026-07-02', signedFile: { name: 'signed.pdf' } });
    const back = await f.call('administrator', 'GET', `/api/contracts/${c.id}/signed-copy`);
    expect(back.statusCode).toBe(200);
    expect(back.rawPayload.equals(PDF)).toBe(true);
  });

  it("prints the client's details filled in from a template", async () => {
    const t = await createTemplate({
      content:
        '<h2>Parties</h2><p>{{firm.name}} and <strong>{{client.firstName}} {{client.lastName}}</strong>, passport {{client.passportNumber}}.</p><ul><li>First term</li><li>Second term</li></ul>',
    });
    const c = await create({ content: undefined, templateId: t.id });
    // Not the consultant's record: as if it did not exist.
    expect(
      (
        await f
          .api('consultant')
          .GET('/api/contracts/{id}/pdf', { params: { path: { id: c.id }, query: { download: '1' } } })
      ).response.status,
    ).toBe(404);
    const pdf = await f.call('administrator', 'GET', `/api/contracts/${c.id}/pdf?download=1`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="${c.reference}.pdf"`);
    const text = (await pdfPages(pdf.rawPayload)).join(' ');
    expect(text).toContain(c.reference);
    expect(text).toContain('Amara Okafor');
    expect(text).toContain('passport PA1234567');
    expect(text).toContain('Second term');
  });
});
