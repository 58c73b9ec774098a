// The document library through the API: the built-in documents written once (also when two first opens
// race, also from two server processes), control numbers unique under concurrent creates, search, PATCH
// with the version, the file (type by content, size limit, download headers, replace and delete with the
// document), every refusal by role, and the access matrix following a change in Roles & Permissions in
// both server processes.
import { count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  canOpenModule,
  DEFAULT_MODULE_ACCESS,
  DOCUMENT_EXAMPLE,
  DOCUMENT_FILE_MAX_BYTES,
  DOCUMENT_MESSAGES,
  moduleAccessCell,
  type Role,
  ROLES,
} from '@crm/domain';
import { documents, systemSettings } from '../../db/schema/index.ts';
import { demoEmail } from '../../seed/demo-users.ts';
import { type ApiClient, apiClient, idPath, type JsonBody } from '../../../test/api-client.ts';
import { signInAs, TEST_PASSWORD } from '../../../test/build-test-app.ts';
import { createFixture, type Fixture } from '../../../test/record-fixtures.ts';
import { BUILT_IN_DOCUMENTS } from './built-in-documents.ts';
import { SEED_MARKER_KEY } from './documents.service.ts';

let f: Fixture;
let second: { app: FastifyInstance; close: () => Promise<void> };
/** The account administrator on the second server process. */
let secondApi: ApiClient;
beforeAll(async () => {
  f = await createFixture();
  second = await f.t.secondInstance();
  secondApi = apiClient(second.app, await signInAs(second.app, demoEmail('account_administrator'), TEST_PASSWORD));
});
afterAll(async () => {
  await second?.close();
  await f?.t.close();
});

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
/** A Windows executable's first bytes, whatever its name says. */
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);

async function upload(id: string, filename: string, bytes: Buffer, role: Role = 'administrator') {
  return f.api(role).POST('/api/documents/{id}/file', {
    params: { path: { id } },
    body: { file: new File([bytes], filename, { type: 'application/octet-stream' }) },
    bodySerializer: (body) => {
      const form = new FormData();
      if (body?.file) form.append('file', body.file);
      return form;
    },
  });
}

const seed = (role: Role = 'administrator') => f.api(role).POST('/api/documents/built-in', { body: { confirm: true } });
const create = async (input: Partial<JsonBody<'/api/documents', 'post'>> = {}, role: Role = 'administrator') => {
  const res = await f.api(role).POST('/api/documents', { body: { ...DOCUMENT_EXAMPLE, ...input } });
  expect(res.response.status, JSON.stringify(res.error)).toBe(201);
  return res.data!;
};
const list = async (search?: string) => {
  const res = await f.api('administrator').GET('/api/documents', { params: { query: { pageSize: 100, search } } });
  expect(res.response.status, JSON.stringify(res.error)).toBe(200);
  return res.data!;
};
const read = async (id: string) => (await f.api('administrator').GET('/api/documents/{id}', idPath(id))).data!;
const byKey = async (title: string) => {
  const found = (await list()).items.find((d) => d.title === title);
  if (!found) throw new Error(`no document ${title}`);
  return read(found.id);
};

describe('the built-in documents', () => {
  it('are written once on first use, even when first opens race in two server processes', async () => {
    expect((await list()).items).toEqual([]);
    // Without the confirmation the document requires.
    const refused = await f.call('administrator', 'POST', '/api/documents/built-in', {});
    expect(refused.statusCode).toBe(400);

    const answers = await Promise.all([
      seed(),
      seed('account_administrator'),
      secondApi.POST('/api/documents/built-in', { body: { confirm: true } }),
    ]);
    const results = answers.map((res) => {
      expect(res.response.status, JSON.stringify(res.error)).toBe(200);
      return res.data!;
    });
    expect(results.filter((r) => r.status === 'created')).toEqual([
      { status: 'created', created: BUILT_IN_DOCUMENTS.length, expected: BUILT_IN_DOCUMENTS.length },
    ]);
    expect(results.filter((r) => r.status === 'already')).toHaveLength(2);
    const [{ n }] = (await f.t.database.db.select({ n: count() }).from(documents)) as [{ n: number }];
    expect(Number(n)).toBe(BUILT_IN_DOCUMENTS.length);
    expect(BUILT_IN_DOCUMENTS.length).toBeGreaterThanOrEqual(14);

    const titles = (await list()).items.map((d) => d.title);
    for (const title of ['Access Matrix', 'Project Overview', 'Permission Policies', 'Role Comparison']) {
      expect(titles).toContain(title);
    }
    for (const n of [1, 2, 3, 4, 5]) expect(titles.some((t) => t.startsWith(`Milestone ${n}:`))).toBe(true);
    expect(titles).toContain('User Administration Workflows');
    expect(titles).toContain('Database Schema');
    expect(titles).toContain('Workflow Summary');
  });

  it('are not written again once deleted, and never into a library that has documents', async () => {
    const overview = await byKey('Project Overview');
    expect(overview.builtIn).toBe(true);
    expect(overview.content).toContain('migration and visa advisory firm');
    expect((await f.api('administrator').DELETE('/api/documents/{id}', idPath(overview.id))).response.status).toBe(200);
    expect((await seed()).data?.status).toBe('already');
    expect((await list()).items.some((d) => d.title === 'Project Overview')).toBe(false);

    // Without the marker (a library that was never seeded) but with documents: nothing is written.
    await f.t.database.db.delete(systemSettings).where(eq(systemSettings.settingKey, SEED_MARKER_KEY));
    expect((await seed()).data?.status).toBe('notEmpty');
  });

  it('show the access matrix and role comparison as the live permission matrix has them', async () => {
    const matrix = await byKey('Access Matrix');
    expect(matrix.generated).toBe(true);
    const adminRow = (content: string) => content.split('\n').find((line) => line.startsWith('| Administration |'));
    const supervisorCell = (content: string) =>
      adminRow(content)!
        .split('|')
        .map((c) => c.trim())[4];
    expect(supervisorCell(matrix.content!)).toBe('No access');
    for (const role of ROLES) {
      expect(adminRow(matrix.content!)).toContain(moduleAccessCell(role, 'admin', DEFAULT_MODULE_ACCESS));
    }

    const owner = f.api('account_administrator');
    const changed = await owner.PUT('/api/roles/{role}', {
      params: { path: { role: 'supervisor' } },
      body: { modules: [...DEFAULT_MODULE_ACCESS.supervisor, 'admin'] },
    });
    expect(changed.response.status, JSON.stringify(changed.error)).toBe(200);
    try {
      const after = await read(matrix.id);
      expect(supervisorCell(after.content!)).toBe('View, Create, Edit, Export, Reports, Assign, Approve');
      const comparison = await byKey('Role Comparison');
      const supervisorSection = comparison.content!.split('## Supervisor')[1]!.split('##')[0]!;
      expect(supervisorSection).toContain('Administration');
      // The other server process follows once the change event has reached it (a wait on the answer, not a
      // clock: its policy reloads on the event).
      await vi.waitFor(
        async () => {
          const there = await secondApi.GET('/api/documents/{id}', idPath(matrix.id));
          expect(supervisorCell(there.data!.content!)).toBe('View, Create, Edit, Export, Reports, Assign, Approve');
        },
        { timeout: 60_000, interval: 50 },
      );
    } finally {
      await owner.POST('/api/roles/{role}/restore-defaults', { params: { path: { role: 'supervisor' } } });
    }
    const restored = await read(matrix.id);
    expect(supervisorCell(restored.content!)).toBe('No access');
    expect(canOpenModule('supervisor', 'admin')).toBe(false);

    // Their content cannot be set; their other fields can.
    const admin = f.api('administrator');
    const refused = await admin.PATCH('/api/documents/{id}', {
      ...idPath(matrix.id),
      body: { content: 'Everyone may do everything', version: restored.version },
    });
    expect(refused.response.status).toBe(400);
    expect(refused.error?.fieldErrors?.content).toEqual([DOCUMENT_MESSAGES.generatedContent]);
    const renamed = await admin.PATCH('/api/documents/{id}', {
      ...idPath(matrix.id),
      body: { description: 'Who may do what', version: restored.version },
    });
    expect(renamed.response.status, JSON.stringify(renamed.error)).toBe(200);
    expect(renamed.data?.content).toContain('| Administration |');
  });
});

describe('documents', () => {
  it('creates, reads, changes with the version and deletes, audited', async () => {
    const admin = f.api('administrator');
    const missing = await admin.POST('/api/documents', { body: { title: ' ' } });
    expect(missing.response.status).toBe(400);
    expect(missing.error?.fieldErrors?.title).toEqual([DOCUMENT_MESSAGES.titleRequired]);

    const doc = await create({ documentVersion: undefined });
    expect(doc).toMatchObject({
      title: DOCUMENT_EXAMPLE.title,
      category: 'Workflow',
      documentVersion: '1.0',
      content: DOCUMENT_EXAMPLE.content,
      builtIn: false,
      generated: false,
      file: null,
      createdByName: expect.any(String),
    });
    expect(doc.controlNumber).toMatch(/^DOC-\d{4}-\d{4,}$/);

    const changed = await admin.PATCH('/api/documents/{id}', {
      ...idPath(doc.id),
      body: { documentVersion: '1.1', description: null, version: doc.version },
    });
    expect(changed.response.status, JSON.stringify(changed.error)).toBe(200);
    expect(changed.data).toMatchObject({ documentVersion: '1.1', description: null, title: doc.title });
    const stale = await admin.PATCH('/api/documents/{id}', {
      ...idPath(doc.id),
      body: { title: 'Overwritten', version: doc.version },
    });
    expect(stale.response.status).toBe(409);
    const emptyVersion = await admin.PATCH('/api/documents/{id}', {
      ...idPath(doc.id),
      body: { documentVersion: '', version: doc.version + 1 },
    });
    expect(emptyVersion.response.status).toBe(400);

    expect((await f.api('account_administrator').DELETE('/api/documents/{id}', idPath(doc.id))).data).toEqual({
      message: DOCUMENT_MESSAGES.deleted,
    });
    expect((await admin.GET('/api/documents/{id}', idPath(doc.id))).response.status).toBe(404);
    expect((await admin.DELETE('/api/documents/{id}', idPath(doc.id))).response.status).toBe(404);
    expect(await f.auditActions('DOCUMENT', doc.id)).toEqual(
      expect.arrayContaining(['CREATE_DOCUMENT', 'UPDATE_DOCUMENT', 'DELETE_DOCUMENT']),
    );
  });

  it('gives every document its own control number, also when many are created at once', async () => {
    const made = await Promise.all(Array.from({ length: 12 }, (_, i) => create({ title: `Concurrent ${i}` })));
    const numbers = made.map((d) => d.controlNumber);
    expect(new Set(numbers).size).toBe(numbers.length);
    const year = numbers[0]!.slice(4, 8);
    expect(numbers.every((n) => n.startsWith(`DOC-${year}-`))).toBe(true);
  });

  it('keeps every digit past 9999 (the ten-thousandth document is not 1000 again)', async () => {
    await f.t.database.db.execute(sql`select setval('document_control_number_seq', 9999)`);
    const [ten, eleven] = [await create({ title: 'Ten thousand' }), await create({ title: 'And one' })];
    expect(ten.controlNumber).toMatch(/^DOC-\d{4}-10000$/);
    expect(eleven.controlNumber).toMatch(/^DOC-\d{4}-10001$/);
  });

  it('searches control number, title and category', async () => {
    const a = await create({ title: 'Skilled visa checklist', category: 'Checklists' });
    await create({ title: 'Partner visa evidence', category: 'Evidence guides' });
    expect((await list('skilled')).items.map((d) => d.id)).toEqual([a.id]);
    expect((await list('checklists')).items.map((d) => d.id)).toEqual([a.id]);
    expect((await list(a.controlNumber)).items.map((d) => d.id)).toEqual([a.id]);
    expect((await list('Sk')).items.map((d) => d.id)).toContain(a.id);
    expect((await list('no such document anywhere')).items).toEqual([]);
    // LIKE's wildcards are text, not patterns.
    expect((await list('%_%')).items).toEqual([]);
  });

  it('takes a file by its content, at most 10 MB, and serves it as a download to Administration only', async () => {
    const doc = await create({ title: 'Service agreement template' });
    const exe = await upload(doc.id, 'agreement.pdf', EXE);
    expect(exe.response.status).toBe(400);
    expect(exe.error?.message).toBe(DOCUMENT_MESSAGES.fileType);
    const binary = await upload(doc.id, 'notes.txt', Buffer.from([0x68, 0x69, 0x00, 0x01, 0xff]));
    expect(binary.response.status).toBe(400);
    const big = await upload(doc.id, 'big.pdf', Buffer.concat([PDF, Buffer.alloc(DOCUMENT_FILE_MAX_BYTES)]));
    expect(big.response.status).toBe(400);
    expect(big.error?.message).toBe(DOCUMENT_MESSAGES.fileSize);
    expect((await upload(doc.id, 'a.pdf', PDF, 'supervisor')).response.status).toBe(403);

    // A PDF named like a program is stored and downloaded as the PDF it is.
    const ok = await upload(doc.id, '../../Service agreement.exe', PDF);
    expect(ok.response.status, JSON.stringify(ok.error)).toBe(200);
    expect(ok.data?.file).toEqual({
      name: 'Service agreement.pdf',
      contentType: 'application/pdf',
      size: PDF.byteLength,
    });
    const download = await f.call('administrator', 'GET', `/api/documents/${doc.id}/file`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe('attachment; filename="Service agreement.pdf"');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.rawPayload.equals(PDF)).toBe(true);
    for (const role of ['supervisor', 'member', 'guest'] as const) {
      expect((await f.api(role).GET('/api/documents/{id}/file', idPath(doc.id))).response.status).toBe(403);
    }
    const signedOut = await apiClient(f.t.app).GET('/api/documents/{id}/file', idPath(doc.id));
    expect(signedOut.response.status).toBe(401);

    // Plain text is text/plain (never HTML, whatever it holds); replacing removes nothing else.
    const text = await upload(doc.id, 'notes.html', Buffer.from('<script>alert(1)</script>\nPlain notes ✓\n'));
    expect(text.response.status, JSON.stringify(text.error)).toBe(200);
    const textDownload = await f.call('administrator', 'GET', `/api/documents/${doc.id}/file`);
    expect(textDownload.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(textDownload.headers['content-disposition']).toBe('attachment; filename="notes.txt"');

    const image = await upload(doc.id, 'scan.png', PNG);
    expect(image.data?.file?.contentType).toBe('image/png');
    const admin = f.api('administrator');
    const removed = await admin.DELETE('/api/documents/{id}/file', idPath(doc.id));
    expect(removed.response.status).toBe(200);
    expect(removed.data?.file).toBeNull();
    expect((await admin.GET('/api/documents/{id}/file', idPath(doc.id))).response.status).toBe(404);

    // Deleting the document removes its file from storage.
    await upload(doc.id, 'final.pdf', PDF);
    const key = (await f.t.database.db.select().from(documents).where(eq(documents.id, doc.id)))[0]!.fileKey!;
    expect(await f.t.app.storage.get(key)).toBeDefined();
    await admin.DELETE('/api/documents/{id}', idPath(doc.id));
    expect(await f.t.app.storage.get(key)).toBeUndefined();
  });

  it('is refused to every role outside Administration, for every action', async () => {
    const doc = await create({ title: 'Refusals' });
    for (const role of ['supervisor', 'team_lead', 'consultant', 'member', 'guest'] as const) {
      const api = f.api(role);
      const answers = await Promise.all([
        api.GET('/api/documents'),
        api.GET('/api/documents/{id}', idPath(doc.id)),
        api.POST('/api/documents', { body: DOCUMENT_EXAMPLE }),
        api.PATCH('/api/documents/{id}', { ...idPath(doc.id), body: { title: 'x', version: doc.version } }),
        api.DELETE('/api/documents/{id}', idPath(doc.id)),
        api.DELETE('/api/documents/{id}/file', idPath(doc.id)),
        api.POST('/api/documents/built-in', { body: { confirm: true } }),
      ]);
      expect(
        answers.map((a) => a.response.status),
        role,
      ).toEqual([403, 403, 403, 403, 403, 403, 403]);
    }
    expect((await read(doc.id)).title).toBe('Refusals');
  });
});
