// Invoice templates through the API: the four built-in presets, create / change / delete with the spec's
// messages, the logo (PNG or JPG by content, at most 1 MB), and an invoice's PDF printing its template's
// business details and logo.
import { describe, expect, it } from 'vitest';
import { INVOICE_EXAMPLE, TEMPLATE_EXAMPLE, TEMPLATE_MESSAGES } from '@crm/domain';
import { idPath } from '../../../test/api-client.ts';
import { pdfPages } from '../../../test/pdf-text.ts';
import { fixtureForFile } from '../../../test/record-fixtures.ts';

const f = fixtureForFile();

const admin = () => f.api('administrator');

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const GIF = Buffer.from('R0lGODlhAQABAAAAACw=', 'base64');

/** A typed upload: the file under the document's field "file", sent as multipart with its name and type. */
function uploadLogo(templateId: string, filename: string, type: string, bytes: Buffer) {
  return admin().POST('/api/invoice-templates/{id}/logo', {
    ...idPath(templateId),
    body: { file: new File([bytes], filename, { type }) },
    bodySerializer: (body) => {
      const form = new FormData();
      if (body?.file) form.append('file', body.file);
      return form;
    },
  });
}

describe('invoice templates', () => {
  it('comes with the four built-in presets, which are never deleted', async () => {
    const list = (await f.api('member').GET('/api/invoice-templates', {})).data!;
    const presets = list.filter((t) => t.builtIn);
    expect(presets.map((t) => [t.name, t.currency, t.applyTax]).sort()).toEqual([
      ['Australian No GST', 'AUD', false],
      ['Australian Standard', 'AUD', true],
      ['Philippine Custom', 'PHP', true],
      ['Philippine Standard', 'PHP', false],
    ]);
    const refused = await admin().DELETE('/api/invoice-templates/{id}', idPath(presets[0]!.id));
    expect(refused.response.status).toBe(409);
    expect(refused.error?.message).toBe(TEMPLATE_MESSAGES.builtInDelete);
  });

  it("creates, changes and deletes a template in the spec's words", async () => {
    const missing = await admin().POST('/api/invoice-templates', { body: { name: ' ' } });
    expect(missing.response.status).toBe(400);
    expect(missing.error?.fieldErrors?.name).toEqual([TEMPLATE_MESSAGES.nameRequired]);
    const badAbn = await admin().POST('/api/invoice-templates', {
      body: { ...TEMPLATE_EXAMPLE, companyAbn: '12 345 678 901' },
    });
    expect(badAbn.error?.fieldErrors?.companyAbn).toEqual([TEMPLATE_MESSAGES.invalidAbn]);

    const res = await admin().POST('/api/invoice-templates', { body: TEMPLATE_EXAMPLE });
    expect(res.response.status, JSON.stringify(res.error)).toBe(201);
    const template = res.data!;
    expect(template).toMatchObject({ name: TEMPLATE_EXAMPLE.name, companyAbn: '51 824 753 556', builtIn: false });
    const changed = await admin().PUT('/api/invoice-templates/{id}', {
      ...idPath(template.id),
      body: { ...TEMPLATE_EXAMPLE, name: 'Student visas (AUD, 2027)', version: template.version },
    });
    expect(changed.response.status, JSON.stringify(changed.error)).toBe(200);
    const stale = await admin().PUT('/api/invoice-templates/{id}', {
      ...idPath(template.id),
      body: { ...TEMPLATE_EXAMPLE, version: template.version },
    });
    expect(stale.response.status).toBe(409);
    expect((await f.api('member').DELETE('/api/invoice-templates/{id}', idPath(template.id))).response.status).toBe(
      403,
    );
    expect((await f.api('consultant').GET('/api/invoice-templates', {})).response.status).toBe(403);
    expect((await admin().DELETE('/api/invoice-templates/{id}', idPath(template.id))).response.status).toBe(200);
    expect((await admin().GET('/api/invoice-templates/{id}', idPath(template.id))).response.status).toBe(404);
  });

  it('takes a PNG or JPG logo by its content, at most 1 MB, and prints it with the template’s details', async () => {
    const template = (
      await admin().POST('/api/invoice-templates', {
        body: {
          ...TEMPLATE_EXAMPLE,
          companyName: 'Harbour Visa Partners',
          companyAddress: '88 Pitt St, Sydney NSW 2000',
        },
      })
    ).data!;
    const gif = await uploadLogo(template.id, 'logo.png', 'image/png', GIF);
    expect(gif.response.status).toBe(400);
    expect(gif.error?.message).toBe(TEMPLATE_MESSAGES.logoType);
    const big = await uploadLogo(template.id, 'big.png', 'image/png', Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]));
    expect(big.response.status).toBe(400);
    expect(big.error?.message).toBe(TEMPLATE_MESSAGES.logoSize);
    const ok = await uploadLogo(template.id, 'logo.png', 'image/png', PNG);
    expect(ok.response.status, JSON.stringify(ok.error)).toBe(200);
    expect(ok.data?.hasLogo).toBe(true);
    const logo = await f.call('member', 'GET', `/api/invoice-templates/${template.id}/logo`);
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');

    const invoice = (await admin().POST('/api/invoices', { body: { ...INVOICE_EXAMPLE, templateId: template.id } }))
      .data!;
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
