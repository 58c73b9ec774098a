// Invoices, payments and receipts through the API (issue 13): figures computed by the server (a forged total
// is ignored), numbering, the tabs with Overdue derived, the Finance module's roles, paid invoices read-only
// but for notes, delete versus credit note, Mark as Paid adding to the billed services in the same
// transaction, partial payments, receipts repeating the invoice and numbered without gaps under 50
// concurrent saves, and invoices moving with their record through conversion.
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_GENERAL_SETTINGS, INVOICE_EXAMPLE, INVOICE_MESSAGES, type Role } from '@crm/domain';
import { idPath, type JsonBody } from '../../../test/api-client.ts';
import { pdfPages } from '../../../test/pdf-text.ts';
import { fixtureForFile } from '../../../test/record-fixtures.ts';
import { invoices } from '../../db/schema/index.ts';
import { writeSetting } from '../../platform/settings/settings.repository.ts';

const f = fixtureForFile();

const create = async (body: Partial<JsonBody<'/api/invoices', 'post'>> = {}, role: Role = 'administrator') => {
  const res = await f.api(role).POST('/api/invoices', { body: { ...INVOICE_EXAMPLE, ...body } });
  expect(res.response.status, JSON.stringify(res.error)).toBe(201);
  return res.data!;
};

const markPaid = async (
  invoice: { id: string; version: number },
  body: Partial<JsonBody<'/api/invoices/{id}/mark-paid', 'post'>> = {},
) => {
  const res = await f.api('administrator').POST('/api/invoices/{id}/mark-paid', {
    ...idPath(invoice.id),
    body: { version: invoice.version, ...body },
  });
  expect(res.response.status, JSON.stringify(res.error)).toBe(200);
  return res.data!;
};

const admin = () => f.api('administrator');

describe('invoice figures and numbers', () => {
  it('computes the figures from the items, and refuses a total sent (or a misspelt field) rather than ignore it', async () => {
    // Raw: the fields are unknown to the document.
    const sent = await f.call('administrator', 'POST', '/api/invoices', {
      ...INVOICE_EXAMPLE,
      subtotal: '1.00',
      total: '0.01',
      applyGst: false,
    });
    expect(sent.statusCode).toBe(400);
    expect(sent.json().fieldErrors).toEqual({
      subtotal: ["Unknown field 'subtotal'"],
      total: ["Unknown field 'total'"],
      applyGst: ["Unknown field 'applyGst'"],
    });
    const invoice = await create();
    expect(invoice).toMatchObject({
      taxRate: '10',
      taxableSubtotal: '3000.00',
      nonTaxableSubtotal: '2000.00',
      subtotal: '5000.00',
      tax: '300.00',
      total: '5300.00',
      amountPaid: '0.00',
      balanceDue: '5300.00',
      state: 'drafts',
      status: 'drafts',
    });
    expect(invoice.items.map((i) => i.amount)).toEqual(['3000.00', '2000.00']);
    expect(invoice.invoiceNumber).toMatch(/^INV-\d{4,}$/);
  });

  it('taxes PHP at 12% VAT, other currencies at 0% unless set, and rounds to the cent once', async () => {
    const php = await create({
      currency: 'PHP',
      items: [
        { description: 'Consultation', quantity: '1.5', rate: '333.33', taxable: true },
        { description: 'Filing fee', quantity: '1', rate: '100', taxable: false },
      ],
    });
    // 1.5 × 333.33 = 499.995 → 500.00; VAT 12% = 60.00.
    expect(php).toMatchObject({ taxRate: '12', taxableSubtotal: '500.00', tax: '60.00', total: '660.00' });
    const usd = await create({ currency: 'USD' });
    expect(usd).toMatchObject({ taxRate: '0', tax: '0.00', total: '5000.00' });
    const set = await create({ currency: 'USD', taxRate: '7.5' });
    expect(set).toMatchObject({ taxRate: '7.5', tax: '225.00', total: '5225.00' });
    const off = await create({ applyTax: false });
    expect(off).toMatchObject({ tax: '0.00', total: '5000.00' });
  });

  it('numbers invoices uniquely; a typed number must be free', async () => {
    const a = await create();
    const b = await create();
    expect(a.invoiceNumber).not.toBe(b.invoiceNumber);
    const typed = await create({ invoiceNumber: `INV-TYPED-${Date.now()}` });
    const again = await admin().POST('/api/invoices', {
      body: { ...INVOICE_EXAMPLE, invoiceNumber: typed.invoiceNumber },
    });
    expect(again.response.status).toBe(400);
    expect(again.error?.fieldErrors?.invoiceNumber).toEqual([INVOICE_MESSAGES.numberTaken]);
  });

  it("answers bad input in the spec's words and saves nothing", async () => {
    const res = await admin().POST('/api/invoices', {
      body: { ...INVOICE_EXAMPLE, clientName: ' ', clientAddress: '', clientEmail: 'not-an-email', items: [] },
    });
    expect(res.response.status).toBe(400);
    expect(res.error?.fieldErrors).toMatchObject({
      clientName: [INVOICE_MESSAGES.clientNameRequired],
      clientAddress: [INVOICE_MESSAGES.clientAddressRequired],
      clientEmail: [INVOICE_MESSAGES.invalidEmail],
      items: [INVOICE_MESSAGES.itemsRequired],
    });
    const item = await admin().POST('/api/invoices', {
      body: { ...INVOICE_EXAMPLE, items: [{ description: '', quantity: '0', rate: '-1', taxable: true }] },
    });
    expect(item.response.status).toBe(400);
    expect(item.error?.fieldErrors).toMatchObject({
      'items.0.description': [INVOICE_MESSAGES.descriptionRequired],
      'items.0.quantity': [INVOICE_MESSAGES.quantityTooSmall],
      'items.0.rate': [INVOICE_MESSAGES.rateNegative],
    });
  });
});

describe('roles', () => {
  it('lets Finance roles in and refuses the others', async () => {
    const invoice = await create();
    for (const role of ['member', 'supervisor', 'administrator', 'account_administrator'] as const) {
      expect((await f.api(role).GET('/api/invoices/{id}', idPath(invoice.id))).response.status, role).toBe(200);
    }
    for (const role of ['team_lead', 'consultant', 'guest'] as const) {
      expect((await f.api(role).GET('/api/invoices', {})).response.status, role).toBe(403);
      expect((await f.api(role).POST('/api/invoices', { body: INVOICE_EXAMPLE })).response.status, role).toBe(403);
    }
    // A member creates and edits but does not delete (finance:delete is the administrators').
    const own = await create({}, 'member');
    expect((await f.api('member').DELETE('/api/invoices/{id}', idPath(own.id))).response.status).toBe(403);
  });
});

describe('the tabs', () => {
  it('derives Overdue on the firm’s date and finds invoices by number, name or email', async () => {
    const name = `Overdue Client ${Date.now()}`;
    const overdue = await create({ clientName: name, issueDate: '2020-01-01', dueDate: '2020-01-15' });
    expect(overdue.status).toBe('overdue');
    const tab = async (t: 'all' | 'drafts' | 'paid' | 'overdue', search: string) => {
      const res = await admin().GET('/api/invoices', { params: { query: { tab: t, search } } });
      expect(res.response.status, JSON.stringify(res.error)).toBe(200);
      return res.data!.items;
    };
    expect((await tab('overdue', name)).map((i) => i.id)).toEqual([overdue.id]);
    expect(await tab('drafts', name)).toEqual([]);
    expect((await tab('all', overdue.invoiceNumber)).map((i) => i.id)).toEqual([overdue.id]);
    const paid = await markPaid(overdue);
    expect(paid.status).toBe('paid');
    expect(await tab('overdue', name)).toEqual([]);
    expect((await tab('paid', name)).map((i) => i.id)).toEqual([overdue.id]);
  });
});

describe('changing, deleting and cancelling', () => {
  it('keeps a paid invoice but for its notes, and refuses a stale version', async () => {
    const invoice = await create();
    const stale = await admin().PUT('/api/invoices/{id}', {
      ...idPath(invoice.id),
      body: { ...INVOICE_EXAMPLE, version: invoice.version + 1 },
    });
    expect(stale.response.status).toBe(409);
    const paid = await markPaid(invoice);
    const notes = await admin().PUT('/api/invoices/{id}', {
      ...idPath(invoice.id),
      body: {
        ...INVOICE_EXAMPLE,
        invoiceNumber: paid.invoiceNumber,
        notes: 'Paid by bank transfer, reference 42',
        version: paid.version,
      },
    });
    expect(notes.response.status, JSON.stringify(notes.error)).toBe(200);
    expect(notes.data?.notes).toBe('Paid by bank transfer, reference 42');
    const items = await admin().PUT('/api/invoices/{id}', {
      ...idPath(invoice.id),
      body: {
        ...INVOICE_EXAMPLE,
        invoiceNumber: paid.invoiceNumber,
        clientName: 'Someone Else',
        version: notes.data!.version,
      },
    });
    expect(items.response.status).toBe(409);
    expect(items.error?.message).toBe(INVOICE_MESSAGES.readOnlyPaid);
  });

  it('deletes an unpaid draft softly, never a paid one, which a credit note cancels instead', async () => {
    const draft = await create();
    expect((await admin().DELETE('/api/invoices/{id}', idPath(draft.id))).response.status).toBe(200);
    expect((await admin().GET('/api/invoices/{id}', idPath(draft.id))).response.status).toBe(404);
    // Its number is never given again.
    const taken = await admin().POST('/api/invoices', {
      body: { ...INVOICE_EXAMPLE, invoiceNumber: draft.invoiceNumber },
    });
    expect(taken.response.status).toBe(400);

    const paid = await markPaid(await create());
    const refused = await admin().DELETE('/api/invoices/{id}', idPath(paid.id));
    expect(refused.response.status).toBe(409);
    expect(refused.error?.message).toBe(INVOICE_MESSAGES.deleteRefused);
    // The money received must be accounted for: refunded here.
    const unsaid = await admin().POST('/api/invoices/{id}/cancel', {
      ...idPath(paid.id),
      body: { reason: 'Billed the wrong visa subclass', version: paid.version },
    });
    expect(unsaid.response.status).toBe(400);
    expect(unsaid.error?.fieldErrors?.money).toEqual([
      'Say what happens to the A$5,300.00 received: refund it or keep it as client credit',
    ]);
    const cancelled = await admin().POST('/api/invoices/{id}/cancel', {
      ...idPath(paid.id),
      body: {
        reason: 'Billed the wrong visa subclass',
        money: [{ paymentId: paid.payments[0]!.id, action: 'refund', amount: '5300.00' }],
        refund: { refundDate: paid.payments[0]!.paymentDate, method: 'Bank Transfer', reference: 'RF-1' },
        version: paid.version,
      },
    });
    expect(cancelled.response.status, JSON.stringify(cancelled.error)).toBe(200);
    expect(cancelled.data).toMatchObject({ amountPaid: '0.00', credited: '5300.00', balanceDue: '0.00' });
    expect(cancelled.data).toMatchObject({ state: 'cancelled', status: 'cancelled' });
    expect(cancelled.data?.creditNoteNumber).toMatch(/^CN-\d{4,}$/);
  });
});

describe('payments', () => {
  it('records part payments as Partially Paid, then Paid with the payment date', async () => {
    const invoice = await create();
    const part = await markPaid(invoice, { amount: '1000.00', paymentDate: '2026-01-12', method: 'Card' });
    expect(part).toMatchObject({
      state: 'partially_paid',
      amountPaid: '1000.00',
      balanceDue: '4300.00',
      paymentDate: null,
    });
    const over = await admin().POST('/api/invoices/{id}/mark-paid', {
      ...idPath(invoice.id),
      body: { amount: '4300.01', version: part.version },
    });
    expect(over.response.status).toBe(400);
    const rest = await markPaid(part, { paymentDate: '2026-01-20' });
    expect(rest).toMatchObject({ state: 'paid', amountPaid: '5300.00', balanceDue: '0.00', paymentDate: '2026-01-20' });
    expect(rest.payments.map((p) => p.amount)).toEqual(['1000.00', '4300.00']);
    const again = await admin().POST('/api/invoices/{id}/mark-paid', {
      ...idPath(invoice.id),
      body: { version: rest.version },
    });
    expect(again.response.status).toBe(409);
  });

  it('adds what a paid invoice billed to its services, in the same transaction (one paid figure)', async () => {
    const { client } = await f.convertedLead();
    const serviceRes = await admin().POST('/api/clients/{id}/services', {
      ...idPath(client.id),
      body: { serviceName: 'Visa Application', serviceFee: '2000.00', paidAmount: '500.00', currency: 'AUD' },
    });
    expect(serviceRes.response.status, JSON.stringify(serviceRes.error)).toBe(201);
    const service = serviceRes.data!;
    const invoice = await create({
      entityType: 'client',
      entityId: client.id,
      items: [
        {
          description: 'Visa application balance',
          quantity: '1',
          rate: '1500.00',
          taxable: false,
          serviceId: service.id,
        },
      ],
    });
    expect(invoice.entityId).toBe(client.id);
    await markPaid(invoice);
    const after = (await admin().GET('/api/services/{id}', idPath(service.id))).data;
    expect(after).toMatchObject({ paidAmount: '2000.00', paymentStatus: 'Paid' });
    // The Services tab learns which invoice billed the service; a role without Finance learns nothing.
    const billed = await admin().GET('/api/clients/{id}/service-invoices', idPath(client.id));
    expect(billed.data).toEqual([
      { serviceId: service.id, invoiceId: invoice.id, invoiceNumber: invoice.invoiceNumber, status: 'paid' },
    ]);
    expect((await f.api('team_lead').GET('/api/clients/{id}/service-invoices', idPath(client.id))).data).toEqual([]);

    // A service of another record cannot be billed.
    const other = await f.convertedLead();
    const refused = await admin().POST('/api/invoices', {
      body: {
        ...INVOICE_EXAMPLE,
        entityType: 'client',
        entityId: other.client.id,
        items: [{ description: 'x', quantity: '1', rate: '1', taxable: true, serviceId: service.id }],
      },
    });
    expect(refused.response.status).toBe(400);
  });
});

describe('receipts', () => {
  it('refuses a receipt for an unpaid invoice and repeats a paid one exactly', async () => {
    const invoice = await create();
    const unpaid = await admin().POST('/api/invoices/{id}/receipt', { ...idPath(invoice.id), body: {} });
    expect(unpaid.response.status).toBe(409);
    expect(unpaid.error?.message).toBe(INVOICE_MESSAGES.receiptUnpaid);
    const paid = await markPaid(invoice, { method: 'Bank Transfer' });
    const res = await admin().POST('/api/invoices/{id}/receipt', { ...idPath(invoice.id), body: {} });
    expect(res.response.status, JSON.stringify(res.error)).toBe(201);
    const receipt = res.data!;
    expect(receipt).toMatchObject({
      invoiceNumber: paid.invoiceNumber,
      clientName: paid.clientName,
      subtotal: '5000.00',
      tax: '300.00',
      total: '5300.00',
      taxRate: '10',
      amountPaid: '5300.00',
      paymentMethod: 'Bank Transfer',
      paymentDate: paid.paymentDate,
    });
    expect(receipt.receiptNumber).toMatch(/^RCP-\d{6}$/);
    const twice = await admin().POST('/api/invoices/{id}/receipt', { ...idPath(invoice.id), body: {} });
    expect(twice.response.status).toBe(409);
    const listed = (await f.api('member').GET('/api/receipts', {})).data!;
    expect(listed.items.map((r) => r.id)).toContain(receipt.id);
    expect((await admin().DELETE('/api/receipts/{id}', idPath(receipt.id))).response.status).toBe(200);
    expect((await admin().GET('/api/receipts/{id}', idPath(receipt.id))).response.status).toBe(404);
  });

  it('gives 50 concurrent receipt saves 50 distinct numbers without a gap', async () => {
    const paid = await Promise.all(Array.from({ length: 50 }, async () => markPaid(await create())));
    const results = await Promise.all(
      paid.map((invoice) => admin().POST('/api/invoices/{id}/receipt', { ...idPath(invoice.id), body: {} })),
    );
    expect(results.map((r) => r.response.status)).toEqual(results.map(() => 201));
    const numbers = results.map((r) => Number(r.data!.receiptNumber.slice(4))).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(50);
    expect(numbers[49]! - numbers[0]!).toBe(49);
  });
});

describe('the record lifecycle', () => {
  it('moves a lead’s invoice to the client it becomes, and back on reversion', async () => {
    const lead = await f.createLead();
    const invoice = await create({ entityType: 'lead', entityId: lead.id, clientName: 'Consultation fee' });
    const converted = await admin().POST('/api/leads/{id}/convert', { ...idPath(lead.id), body: {} });
    expect(converted.response.status, JSON.stringify(converted.error)).toBe(200);
    const clientId = converted.data!.clientId;
    const moved = (await admin().GET('/api/invoices/{id}', idPath(invoice.id))).data;
    expect(moved).toMatchObject({ entityType: 'client', entityId: clientId });
    const reverted = await admin().POST('/api/clients/{id}/revert', idPath(clientId));
    expect(reverted.response.status, JSON.stringify(reverted.error)).toBe(200);
    const back = (await admin().GET('/api/invoices/{id}', idPath(invoice.id))).data;
    expect(back).toMatchObject({ entityType: 'lead', entityId: lead.id });
  });
});

describe('PDF', () => {
  const pdf = async (path: string) => {
    const res = await f.call('member', 'GET', path);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    return pdfPages(res.rawPayload);
  };

  beforeAll(async () => {
    await writeSetting(
      f.t.database.db,
      'general_settings',
      {
        ...DEFAULT_GENERAL_SETTINGS,
        companyName: 'Southern Cross Migration',
        abn: '51824753556',
        addressLine1: 'Level 5, 1 Martin Place',
        city: 'Sydney',
        state: 'NSW',
        postalCode: '2000',
      },
      null,
    );
  });

  it("titles an AUD invoice with GST 'Tax invoice' with the ABN, every item and the totals", async () => {
    const invoice = await create();
    const [page, ...more] = await pdf(`/api/invoices/${invoice.id}/pdf`);
    expect(more).toEqual([]);
    for (const text of [
      'Tax invoice',
      'Southern Cross Migration',
      'ABN 51 824 753 556',
      invoice.invoiceNumber,
      'Maria Santos',
      '12 George St, Sydney NSW 2000',
      'Professional fee – Student visa 500',
      'Visa application charge (government fee)',
      'GST 10%',
      'A$300.00',
      'A$5,300.00',
      'Total includes GST of',
      'Page 1 of 1',
    ]) {
      expect(page, text).toContain(text);
    }
  });

  it("calls one without GST an 'Invoice', and prints PHP's VAT with the peso sign", async () => {
    const untaxed = await create({ applyTax: false });
    const [plain] = await pdf(`/api/invoices/${untaxed.id}/pdf?download=1`);
    expect(plain).not.toContain('Tax invoice');
    expect(plain).toContain('Invoice');
    const php = await create({ currency: 'PHP' });
    const [peso] = await pdf(`/api/invoices/${php.id}/pdf`);
    expect(peso).toContain('VAT 12%');
    expect(peso).toContain('₱5,360.00');
    expect(peso).not.toContain('Tax invoice');
  });

  it('flows 200 items onto several pages, the header on each, numbered', async () => {
    const items = Array.from({ length: 200 }, (_, i) => ({
      description: `Document check ${i + 1}`,
      quantity: '1',
      rate: '10.00',
      taxable: i % 2 === 0,
    }));
    const invoice = await create({ items });
    expect(invoice.total).toBe('2100.00');
    const pages = await pdf(`/api/invoices/${invoice.id}/pdf`);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    pages.forEach((text, i) => {
      expect(text).toContain('Description');
      expect(text).toContain(`Page ${i + 1} of ${pages.length}`);
    });
    const all = pages.join(' ');
    for (const n of [1, 100, 200]) expect(all).toContain(`Document check ${n} `);
    expect(pages.at(-1)).toContain('A$2,100.00');
  });

  it('previews an unsaved invoice in the same layout and saves nothing', async () => {
    const before = await f.countRows(invoices);
    // Raw: the answer is the PDF's bytes.
    const res = await f.call('member', 'POST', '/api/invoices/preview', INVOICE_EXAMPLE);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const [page] = await pdfPages(res.rawPayload);
    expect(page).toContain('Tax invoice');
    expect(page).toContain('Assigned on save');
    expect(page).toContain('A$5,300.00');
    // The rate as the form sends it ('10'), not as the database keeps it ('10.00'): still 10%, not 1%.
    expect(page).toContain('GST 10%');
    expect(await f.countRows(invoices)).toBe(before);
  });

  it("prints a receipt with its number, the invoice's and the amount received", async () => {
    const paid = await markPaid(await create());
    const receipt = (await admin().POST('/api/invoices/{id}/receipt', { ...idPath(paid.id), body: {} })).data!;
    const [page] = await pdf(`/api/receipts/${receipt.id}/pdf`);
    for (const text of ['Receipt', receipt.receiptNumber, paid.invoiceNumber, 'Amount received', 'A$5,300.00']) {
      expect(page, text).toContain(text);
    }
  });
});

describe('sending', () => {
  it('mails the PDF to the client and keeps a sent invoice from being deleted', async () => {
    const invoice = await create({ clientEmail: `billing.${Date.now()}@example.com` });
    const res = await admin().POST('/api/invoices/{id}/send', {
      ...idPath(invoice.id),
      body: { message: 'Thank you for choosing us.' },
    });
    expect(res.response.status, JSON.stringify(res.error)).toBe(200);
    expect(res.data!.invoice.sentAt).not.toBeNull();
    expect(res.data!.mail).toMatchObject({ to: invoice.clientEmail, status: 'queued' });
    const mail = (await f.t.mailsTo(invoice.clientEmail!)).at(-1);
    expect(mail, 'a mail to the client').toBeDefined();
    expect(mail!.content).toContain(`Tax invoice ${invoice.invoiceNumber}`);
    expect(mail!.content).toContain(`filename=tax-invoice-${invoice.invoiceNumber}.pdf`);
    expect(mail!.content).toMatch(/Content-Type: application\/pdf/i);
    const refused = await admin().DELETE('/api/invoices/{id}', idPath(invoice.id));
    expect(refused.response.status).toBe(409);

    const noEmail = await create({ clientEmail: '' });
    const missing = await admin().POST('/api/invoices/{id}/send', { ...idPath(noEmail.id), body: {} });
    expect(missing.response.status).toBe(400);
    expect(missing.error?.fieldErrors?.to).toEqual([INVOICE_MESSAGES.noEmail]);
  });
});
