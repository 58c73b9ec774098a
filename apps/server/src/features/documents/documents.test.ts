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
  type DocumentPage,
  type DocumentRecord,
  type DocumentSeedResult,
  moduleAccessCell,
  type Role,
  ROLES,
} from '@crm/domain';
import { documents, systemSettings } from '../../db/schema/index.ts';
import { demoEmail } from '../../seed/demo-users.ts';
import { signInAs, TEST_PASSWORD } from '../../../test/build-test-app.ts';
import { createFixture, type Fixture } from '../../../test/record-fixtures.ts';
import { BUILT_IN_DOCUMENTS } from './built-in-documents.ts';
import { SEED_MARKER_KEY } from './documents.service.ts';

let f: Fixture;
let second: { app: FastifyInstance; close: () => Promise<void> };
let secondCookie: string;
beforeAll(async () => {
  f = await createFixture();
  second = await f.t.secondInstance();
  secondCookie = await signInAs(second.app, demoEmail('account_administrator'), TEST_PASSWORD);
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
  const boundary = '----crmdocumentboundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return f.t.app.inject({
    method: 'POST',
    url: `/api/documents/${id}/file`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: await f.t.signIn(role) },
    payload,
  });
}

const seed = (role: Role = 'administrator') => f.call(role, 'POST', '/api/documents/built-in', { confirm: true });
const create = async (input: Record<string, unknown> = {}, role: Role = 'administrator') => {
  const res = await f.call(role, 'POST', '/api/documents', { ...DOCUMENT_EXAMPLE, ...input });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as DocumentRecord;
};
const list = async (search?: string) => {
  const res = await f.call(
    'administrator',
    'GET',
    `/api/documents?pageSize=100${search === undefined ? '' : `&search=${encodeURIComponent(search)}`}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as DocumentPage;
};
const byKey = async (title: string) => {
  const found = (await list()).items.find((d) => d.title === title);
  if (!found) throw new Error(`no document ${title}`);
  return (await f.call('administrator', 'GET', `/api/documents/${found.id}`)).json() as DocumentRecord;
};

describe('the built-in documents', () => {
  it('are written once on first use, even when first opens race in two server processes', async () => {
    expect((await list()).items).toEqual([]);
    const refused = await f.call('administrator', 'POST', '/api/documents/built-in', {});
    expect(refused.statusCode).toBe(400);

    const answers = await Promise.all([
      seed(),
      seed('account_administrator'),
      second.app.inject({
        method: 'POST',
        url: '/api/documents/built-in',
        headers: { cookie: secondCookie },
        payload: { confirm: true },
      }),
    ]);
    const results = answers.map((res) => {
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as DocumentSeedResult;
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
    expect((await f.call('administrator', 'DELETE', `/api/documents/${overview.id}`)).statusCode).toBe(200);
    expect(((await seed()).json() as DocumentSeedResult).status).toBe('already');
    expect((await list()).items.some((d) => d.title === 'Project Overview')).toBe(false);

    // Without the marker (a library that was never seeded) but with documents: nothing is written.
    await f.t.database.db.delete(systemSettings).where(eq(systemSettings.settingKey, SEED_MARKER_KEY));
    expect(((await seed()).json() as DocumentSeedResult).status).toBe('notEmpty');
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

    const modules = [...DEFAULT_MODULE_ACCESS.supervisor, 'admin'];
    const changed = await f.call('account_administrator', 'PUT', '/api/roles/supervisor', { modules });
    expect(changed.statusCode, changed.body).toBe(200);
    try {
      const after = (await f.call('administrator', 'GET', `/api/documents/${matrix.id}`)).json() as DocumentRecord;
      expect(supervisorCell(after.content!)).toBe('View, Create, Edit, Export, Reports, Assign, Approve');
      const comparison = await byKey('Role Comparison');
      const supervisorSection = comparison.content!.split('## Supervisor')[1]!.split('##')[0]!;
      expect(supervisorSection).toContain('Administration');
      // The other server process follows once the change event has reached it (a wait on the answer, not a
      // clock: its policy reloads on the event).
      await vi.waitFor(
        async () => {
          const there = await second.app.inject({
            method: 'GET',
            url: `/api/documents/${matrix.id}`,
            headers: { cookie: secondCookie },
          });
          expect(supervisorCell((there.json() as DocumentRecord).content!)).toBe(
            'View, Create, Edit, Export, Reports, Assign, Approve',
          );
        },
        { timeout: 60_000, interval: 50 },
      );
    } finally {
      await f.call('account_administrator', 'POST', '/api/roles/supervisor/restore-defaults', {});
    }
    const restored = (await f.call('administrator', 'GET', `/api/documents/${matrix.id}`)).json() as DocumentRecord;
    expect(supervisorCell(restored.content!)).toBe('No access');
    expect(canOpenModule('supervisor', 'admin')).toBe(false);

    // Their content cannot be set; their other fields can.
    const refused = await f.call('administrator', 'PATCH', `/api/documents/${matrix.id}`, {
      content: 'Everyone may do everything',
      version: restored.version,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors.content).toEqual([DOCUMENT_MESSAGES.generatedContent]);
    const renamed = await f.call('administrator', 'PATCH', `/api/documents/${matrix.id}`, {
      description: 'Who may do what',
      version: restored.version,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((renamed.json() as DocumentRecord).content).toContain('| Administration |');
  });
});

describe('documents', () => {
  it('creates, reads, changes with the version and deletes, audited', async () => {
    const missing = await f.call('administrator', 'POST', '/api/documents', { title: ' ' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors.title).toEqual([DOCUMENT_MESSAGES.titleRequired]);

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

    const changed = await f.call('administrator', 'PATCH', `/api/documents/${doc.id}`, {
      documentVersion: '1.1',
      description: null,
      version: doc.version,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ documentVersion: '1.1', description: null, title: doc.title });
    const stale = await f.call('administrator', 'PATCH', `/api/documents/${doc.id}`, {
      title: 'Overwritten',
      version: doc.version,
    });
    expect(stale.statusCode).toBe(409);
    const emptyVersion = await f.call('administrator', 'PATCH', `/api/documents/${doc.id}`, {
      documentVersion: '',
      version: doc.version + 1,
    });
    expect(emptyVersion.statusCode).toBe(400);

    expect((await f.call('account_administrator', 'DELETE', `/api/documents/${doc.id}`)).json()).toEqual({
      message: DOCUMENT_MESSAGES.deleted,
    });
    expect((await f.call('administrator', 'GET', `/api/documents/${doc.id}`)).statusCode).toBe(404);
    expect((await f.call('administrator', 'DELETE', `/api/documents/${doc.id}`)).statusCode).toBe(404);
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
    expect(exe.statusCode).toBe(400);
    expect(exe.json().message).toBe(DOCUMENT_MESSAGES.fileType);
    const binary = await upload(doc.id, 'notes.txt', Buffer.from([0x68, 0x69, 0x00, 0x01, 0xff]));
    expect(binary.statusCode).toBe(400);
    const big = await upload(doc.id, 'big.pdf', Buffer.concat([PDF, Buffer.alloc(DOCUMENT_FILE_MAX_BYTES)]));
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toBe(DOCUMENT_MESSAGES.fileSize);
    expect((await upload(doc.id, 'a.pdf', PDF, 'supervisor')).statusCode).toBe(403);

    // A PDF named like a program is stored and downloaded as the PDF it is.
    const ok = await upload(doc.id, '../../Service agreement.exe', PDF);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((ok.json() as DocumentRecord).file).toEqual({
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
      expect((await f.call(role, 'GET', `/api/documents/${doc.id}/file`)).statusCode).toBe(403);
    }
    const signedOut = await f.t.app.inject({ method: 'GET', url: `/api/documents/${doc.id}/file` });
    expect(signedOut.statusCode).toBe(401);

    // Plain text is text/plain (never HTML, whatever it holds); replacing removes nothing else.
    const text = await upload(doc.id, 'notes.html', Buffer.from('<script>alert(1)</script>\nPlain notes ✓\n'));
    expect(text.statusCode, text.body).toBe(200);
    const textDownload = await f.call('administrator', 'GET', `/api/documents/${doc.id}/file`);
    expect(textDownload.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(textDownload.headers['content-disposition']).toBe('attachment; filename="notes.txt"');

    const image = await upload(doc.id, 'scan.png', PNG);
    expect((image.json() as DocumentRecord).file?.contentType).toBe('image/png');
    const removed = await f.call('administrator', 'DELETE', `/api/documents/${doc.id}/file`);
    expect(removed.statusCode).toBe(200);
    expect((removed.json() as DocumentRecord).file).toBeNull();
    expect((await f.call('administrator', 'GET', `/api/documents/${doc.id}/file`)).statusCode).toBe(404);

    // Deleting the document removes its file from storage.
    await upload(doc.id, 'final.pdf', PDF);
    const key = (await f.t.database.db.select().from(documents).where(eq(documents.id, doc.id)))[0]!.fileKey!;
    expect(await f.t.app.storage.get(key)).toBeDefined();
    await f.call('administrator', 'DELETE', `/api/documents/${doc.id}`);
    expect(await f.t.app.storage.get(key)).toBeUndefined();
  });

  it('is refused to every role outside Administration, for every action', async () => {
    const doc = await create({ title: 'Refusals' });
    for (const role of ['supervisor', 'team_lead', 'consultant', 'member', 'guest'] as const) {
      const answers = await Promise.all([
        f.call(role, 'GET', '/api/documents'),
        f.call(role, 'GET', `/api/documents/${doc.id}`),
        f.call(role, 'POST', '/api/documents', DOCUMENT_EXAMPLE),
        f.call(role, 'PATCH', `/api/documents/${doc.id}`, { title: 'x', version: doc.version }),
        f.call(role, 'DELETE', `/api/documents/${doc.id}`),
        f.call(role, 'DELETE', `/api/documents/${doc.id}/file`),
        f.call(role, 'POST', '/api/documents/built-in', { confirm: true }),
      ]);
      expect(
        answers.map((a) => a.statusCode),
        role,
      ).toEqual([403, 403, 403, 403, 403, 403, 403]);
    }
    expect((await f.call('administrator', 'GET', `/api/documents/${doc.id}`)).json().title).toBe('Refusals');
  });
});
