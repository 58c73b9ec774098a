// Payment evidence: an image told by its content, under 5 MB, served only to those who may see the record,
// replaced and purged without leaving a file behind.
import { describe, expect, it } from 'vitest';
import { type Role, SERVICE_MESSAGES } from '@crm/domain';
import { fixtureForFile } from '../../../test/record-fixtures.ts';

const f = fixtureForFile();

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const GIF = Buffer.from('R0lGODlhAQABAAAAACw=', 'base64');

/** A typed upload: the file under the document's field "file", sent as multipart with its name and type. */
async function upload(role: Role, serviceId: string, filename: string, type: string, bytes: Buffer) {
  return f.api(role).POST('/api/services/{id}/evidence', {
    params: { path: { id: serviceId } },
    body: { file: new File([bytes], filename, { type }) },
    bodySerializer: (body) => {
      const form = new FormData();
      if (body?.file) form.append('file', body.file);
      return form;
    },
  });
}

/** A hand-written multipart body, for a field the document does not name. */
function multipart(field: string, filename: string, type: string, bytes: Buffer) {
  const boundary = '----crmtestboundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function rawUpload(role: Role, serviceId: string, body: ReturnType<typeof multipart>) {
  const cookie = await f.t.signIn(role);
  return f.t.app.inject({
    method: 'POST',
    url: `/api/services/${serviceId}/evidence`,
    headers: { ...body.headers, cookie },
    payload: body.payload,
  });
}

async function newService(role: Role = 'administrator') {
  const lead = await f.createLead(role);
  const res = await f.api(role).POST('/api/leads/{id}/services', {
    params: { path: { id: lead.id } },
    body: { serviceName: 'Visa Application', serviceFee: '100' },
  });
  return { lead, service: res.data! };
}

describe('payment evidence', () => {
  it('stores an image, serves it back with its type, and replaces it without leaving the old file', async () => {
    const { service } = await newService();
    const saved = await upload('administrator', service.id, 'receipt.png', 'image/png', PNG);
    expect(saved.response.status, JSON.stringify(saved.error)).toBe(200);
    expect(saved.data).toMatchObject({ hasPaymentEvidence: true, version: 2 });
    const image = await f.call('administrator', 'GET', `/api/services/${service.id}/evidence`);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['content-disposition']).toMatch(/^inline; filename="payment-evidence-.*\.png"$/);
    expect(image.rawPayload.equals(PNG)).toBe(true);

    // A GIF named .png is stored as what it is.
    const replaced = await upload('administrator', service.id, 'scan.png', 'image/png', GIF);
    expect(replaced.response.status, JSON.stringify(replaced.error)).toBe(200);
    expect((await f.call('administrator', 'GET', `/api/services/${service.id}/evidence`)).headers['content-type']).toBe(
      'image/gif',
    );
    const keys = await f.t.database.db.execute<{ k: string }>(
      `select payment_evidence_key as k from services where id = '${service.id}'`,
    );
    expect(keys.rows[0]?.k).toMatch(/\.gif$/);
    expect(await f.t.app.storage.get(keys.rows[0]!.k)).toBeDefined();
  });

  it("refuses a renamed text file, an oversized image and a missing file, in the spec's words", async () => {
    const { service } = await newService();
    const renamed = await upload('administrator', service.id, 'photo.jpg', 'image/jpeg', Buffer.from('just text'));
    expect(renamed.response.status).toBe(400);
    expect(renamed.error?.message).toContain(SERVICE_MESSAGES.evidenceType);
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const tooLarge = await upload('administrator', service.id, 'big.png', 'image/png', big);
    expect(tooLarge.response.status).toBe(400);
    expect(tooLarge.error?.message).toContain(SERVICE_MESSAGES.evidenceSize);
    const otherField = await rawUpload('administrator', service.id, multipart('image', 'a.png', 'image/png', PNG));
    expect(otherField.statusCode).toBe(400);
    // Raw: JSON where the document takes multipart.
    const json = await f.call('administrator', 'POST', `/api/services/${service.id}/evidence`, { file: 'x' });
    expect(json.statusCode).toBeGreaterThanOrEqual(400);
    expect(json.statusCode).toBeLessThan(500);
    expect(
      (await f.api('administrator').GET('/api/services/{id}/evidence', { params: { path: { id: service.id } } }))
        .response.status,
    ).toBe(404);
  });

  it("is served only to users who may see the service's record, and written only by its editors", async () => {
    const { service } = await newService();
    expect((await upload('administrator', service.id, 'r.png', 'image/png', PNG)).response.status).toBe(200);
    const evidence = { params: { path: { id: service.id } }, parseAs: 'arrayBuffer' } as const;
    expect((await f.api('consultant').GET('/api/services/{id}/evidence', evidence)).response.status).toBe(404);
    expect((await upload('consultant', service.id, 'r.png', 'image/png', PNG)).response.status).toBe(404);
    expect((await f.api('guest').GET('/api/services/{id}/evidence', evidence)).response.status).toBe(200);
    expect((await upload('guest', service.id, 'r.png', 'image/png', PNG)).response.status).toBe(403);
  });

  it("goes with its record's purge", async () => {
    const { lead, service } = await newService();
    expect((await upload('administrator', service.id, 'r.png', 'image/png', PNG)).response.status).toBe(200);
    const keys = await f.t.database.db.execute<{ k: string }>(
      `select payment_evidence_key as k from services where id = '${service.id}'`,
    );
    const key = keys.rows[0]!.k;
    expect(await f.t.app.storage.get(key)).toBeDefined();
    const byId = { params: { path: { id: lead.id } } };
    expect((await f.api('administrator').DELETE('/api/leads/{id}', { ...byId, body: {} })).response.status).toBe(200);
    expect((await f.api('account_administrator').DELETE('/api/leads/{id}/permanent', byId)).response.status).toBe(200);
    expect(await f.t.app.storage.get(key)).toBeUndefined();
  });
});
