// Invoice templates through the API: the four built-in presets, create / change / delete with the spec's
// messages, the logo (PNG or JPG by content, at most 1 MB), and an invoice's PDF printing its template's
// business details and logo.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INVOICE_EXAMPLE,
  type InvoiceRecord,
  type InvoiceTemplateRecord,
  TEMPLATE_EXAMPLE,
  TEMPLATE_MESSAGES,
} from '@crm/domain';
import { pdfPages } from '../../../test/pdf-text.ts';
import { createFixture, type Fixture } from '../../../test/record-fixtures.ts';

let f: Fixture;
beforeAll(async () => {
  f = await createFixture();
});
afterAll(async () => {
  await f?.t.close();
});

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const GIF = Buffer.from('R0lGODlhAQABAAAAACw=', 'base64');

async function uploadLogo(templateId: string, filename: string, type: string, bytes: Buffer) {
  const boundary = '----crmlogoboundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return f.t.app.inject({
    method: 'POST',
    url: `/api/invoice-templates/${templateId}/logo`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: await f.t.signIn('administrator') },
    payload,
  });
}

describe('invoice templates', () => {
  it('comes with the four built-in presets, which are never deleted', async () => {
    const list = (await f.call('member', 'GET', '/api/invoice-templates')).json() as InvoiceTemplateRecord[];
    const presets = list.filter((t) => t.builtIn);
    expect(presets.map((t) => [t.name, t.currency, t.applyTax]).sort()).toEqual([
      ['Australian No GST', 'AUD', false],
      ['Australian Standard', 'AUD', true],
      ['Philippine Custom', 'PHP', true],
      ['Philippine Standard', 'PHP', false],
    ]);
    const refused = await f.call('administrator', 'DELETE', `/api/invoice-templates/${presets[0]!.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(TEMPLATE_MESSAGES.builtInDelete);
  });

  it("creates, changes and deletes a template in the spec's words", async () => {
    const missing = await f.call('administrator', 'POST', '/api/invoice-templates', { name: ' ' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors.name).toEqual([TEMPLATE_MESSAGES.nameRequired]);
    const badAbn = await f.call('administrator', 'POST', '/api/invoice-templates', {
      ...TEMPLATE_EXAMPLE,
      companyAbn: '12 345 678 901',
    });
    expect(badAbn.json().fieldErrors.companyAbn).toEqual([TEMPLATE_MESSAGES.invalidAbn]);

    const res = await f.call('administrator', 'POST', '/api/invoice-templates', TEMPLATE_EXAMPLE);
    expect(res.statusCode, res.body).toBe(201);
    const template = res.json() as InvoiceTemplateRecord;
    expect(template).toMatchObject({ name: TEMPLATE_EXAMPLE.name, companyAbn: '51 824 753 556', builtIn: false });
    const changed = await f.call('administrator', 'PUT', `/api/invoice-templates/${template.id}`, {
      ...TEMPLATE_EXAMPLE,
      name: 'Student visas (AUD, 2027)',
      version: template.version,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const stale = await f.call('administrator', 'PUT', `/api/invoice-templates/${template.id}`, {
      ...TEMPLATE_EXAMPLE,
      version: template.version,
    });
    expect(stale.statusCode).toBe(409);
    expect((await f.call('member', 'DELETE', `/api/invoice-templates/${template.id}`)).statusCode).toBe(403);
    expect((await f.call('consultant', 'GET', '/api/invoice-templates')).statusCode).toBe(403);
    expect((await f.call('administrator', 'DELETE', `/api/invoice-templates/${template.id}`)).statusCode).toBe(200);
    expect((await f.call('administrator', 'GET', `/api/invoice-templates/${template.id}`)).statusCode).toBe(404);
  });

  it('takes a PNG or JPG logo by its content, at most 1 MB, and prints it with the template’s details', async () => {
    const template = (
      await f.call('administrator', 'POST', '/api/invoice-templates', {
        ...TEMPLATE_EXAMPLE,
        companyName: 'Harbour Visa Partners',
        companyAddress: '88 Pitt St, Sydney NSW 2000',
      })
    ).json() as InvoiceTemplateRecord;
    const gif = await uploadLogo(template.id, 'logo.png', 'image/png', GIF);
    expect(gif.statusCode).toBe(400);
    expect(gif.json().message).toBe(TEMPLATE_MESSAGES.logoType);
    const big = await uploadLogo(template.id, 'big.png', 'image/png', Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]));
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toBe(TEMPLATE_MESSAGES.logoSize);
    const ok = await uploadLogo(template.id, 'logo.png', 'image/png', PNG);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().hasLogo).toBe(true);
    const logo = await f.call('member', 'GET', `/api/invoice-templates/${template.id}/logo`);
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');

    const invoice = (
      await f.call('administrator', 'POST', '/api/invoices', {
        ...INVOICE_EXAMPLE,
        templateId: template.id,
      })
    ).json() as InvoiceRecord;
    const pdf = await f.call('administrator', 'GET', `/api/invoices/${invoice.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    const [page] = await pdfPages(pdf.rawPayload);
    expect(page).toContain('Harbour Visa Partners');
    expect(page).toContain('88 Pitt St, Sydney NSW 2000');
    expect(page).toContain('ABN 51 824 753 556');
    // The logo is embedded as an image.
    expect(pdf.rawPayload.toString('latin1')).toMatch(/\/Subtype\s*\/Image/);
  });
});
