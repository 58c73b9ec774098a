// Backup and restore (issue 15 item 7): a round trip gives back every table and every stored file exactly;
// a refused restore (a role, a file that is no backup, another version, a broken checksum) changes nothing.
// Signed backups (issue 28 item 4): an archive whose manifest was rewritten with recomputed checksums, an
// unsigned one and one signed with another key are refused and change nothing; the command line's
// --accept-unsigned restores the last two; the restore screen's check says which installation made it when.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKUP_MESSAGES, BACKUP_RETENTION, DOCUMENT_EXAMPLE, type Role } from '@crm/domain';
import { apiClient } from '../../../test/api-client.ts';
import { createFixture, type Fixture } from '../../../test/record-fixtures.ts';
import { jobServicesOf } from '../../../test/job-helpers.ts';
import { SCHEDULED_BACKUP_JOB, scheduledBackupJob } from './scheduled-backup.job.ts';
import { seedDemoClients } from '../../seed/demo-clients.ts';
import { seedDemoInvoices } from '../../seed/demo-invoices.ts';
import { seedDemoLeads } from '../../seed/demo-leads.ts';
import { seedDemoServices } from '../../seed/demo-services.ts';
import { seedDemoTasks } from '../../seed/demo-tasks.ts';
import { demoEmail } from '../../seed/demo-users.ts';
import { TEST_PASSWORD } from '../../../test/build-test-app.ts';
import { readGeneralSettings } from '../../platform/settings/settings.repository.ts';
import { restoreBackup } from './backup-restore.ts';
import { type BackupSigningKey, readBackupKeys, SIGNATURE_ENTRY, signManifest } from './backup-signing.ts';
import { backupTables, KEPT_TABLES } from './backup-tables.repository.ts';
import { BACKUPS_PREFIX, MANIFEST_ENTRY } from './backup-writer.ts';
import { backupToTemporaryFile, storeBackup } from './backups.service.ts';
import { readTar, sha256, type TarEntry, tarOf } from './tar-archive.ts';

let f: Fixture;
beforeAll(async () => {
  f = await createFixture();
  const db = f.t.database.db;
  await seedDemoLeads(db);
  await seedDemoClients(db);
  await seedDemoServices(db, f.t.app.storage);
  await seedDemoTasks(db);
  await seedDemoInvoices(db);
}, 120_000);
afterAll(async () => {
  await f?.t.close();
});

/** Row count and md5 of every restorable table, and the SHA-256 of every stored file but the backups. */
async function snapshot() {
  const db = f.t.database.db;
  const tables: Record<string, { rows: number; md5: string }> = {};
  for (const { name } of await backupTables(db)) {
    const result = await db.execute<{ rows: number; md5: string }>(
      sql`select count(*)::int as rows, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as md5
          from ${sql.identifier(name)} t`,
    );
    tables[name] = { rows: Number(result.rows[0]!.rows), md5: result.rows[0]!.md5 };
  }
  const files: Record<string, string> = {};
  for (const file of await f.t.app.storage.list('')) {
    if (file.key.startsWith(BACKUPS_PREFIX)) continue;
    const stored = await f.t.app.storage.get(file.key);
    const chunks: Buffer[] = [];
    for await (const chunk of stored!.stream) chunks.push(chunk as Buffer);
    files[file.key] = createHash('sha256').update(Buffer.concat(chunks)).digest('hex');
  }
  return { tables, files };
}

/** A hand-written multipart body, for a field the document does not name. */
function multipart(bytes: Buffer, field: string) {
  const boundary = '----crmbackupboundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="backup.tar.gz"\r\n` +
        'Content-Type: application/gzip\r\n\r\n',
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A session per role, signed in once: a sign-in writes to users, which a comparison must not see. */
const cookies = new Map<Role, string>();
async function cookieOf(role: Role) {
  if (!cookies.has(role)) cookies.set(role, await f.t.signIn(role));
  return cookies.get(role)!;
}

/** The server's backup keys (the test app's BACKUP_SIGNING_KEY). */
const keys = () => readBackupKeys(f.t.app.config);

/** The backup as the upload's "file" (multipart, as the restore screen sends it). */
const upload = (bytes: Buffer) => ({
  body: { file: new File([bytes], 'backup.tar.gz', { type: 'application/gzip' }) },
  bodySerializer: (body: { file?: Blob } | null) => {
    const form = new FormData();
    if (body?.file) form.append('file', body.file);
    return form;
  },
});

async function restore(bytes: Buffer, role: Role = 'account_administrator') {
  return apiClient(f.t.app, await cookieOf(role)).POST('/api/backups/restore', upload(bytes));
}

/** The restore screen's check of a backup, as the account administrator. */
async function inspect(bytes: Buffer) {
  return apiClient(f.t.app, await cookieOf('account_administrator')).POST('/api/backups/inspect', upload(bytes));
}

async function download(): Promise<Buffer> {
  const res = await f.call('account_administrator', 'GET', '/api/backups/download');
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/gzip');
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename="visa-crm-backup-\d{8}T\d{6}Z\.tar\.gz"$/);
  return res.rawPayload;
}

/**
 * The archive's entries, changed by `edit`, packed again (a hand-made backup). Its signature entry is kept
 * as it was (what someone without the key can do), dropped, or made anew with the given key over the
 * edited manifest.
 */
async function repack(
  backup: Buffer,
  edit: (name: string, data: Buffer) => Buffer,
  signature: 'keep' | 'drop' | BackupSigningKey = 'keep',
): Promise<Buffer> {
  const parts: TarEntry[] = [];
  const add = (name: string, data: Buffer) => parts.push({ name, data });
  let manifest: Buffer = Buffer.alloc(0);
  async function* source() {
    yield gunzipSync(backup);
  }
  for await (const entry of readTar(source())) {
    if (entry.name === SIGNATURE_ENTRY) {
      if (signature === 'keep') add(entry.name, entry.data);
      else if (signature !== 'drop') add(entry.name, signManifest(manifest, signature));
      continue;
    }
    const data = edit(entry.name, entry.data);
    if (entry.name === MANIFEST_ENTRY) manifest = data;
    add(entry.name, data);
  }
  return gzipSync(await tarOf(parts));
}

const unchanged = (_name: string, data: Buffer) => data;

/** A key of another installation (the test app's is random too, so they differ). */
const otherKey = (): BackupSigningKey => {
  const text = randomBytes(32).toString('base64');
  return readBackupKeys({ backupSigningKey: text, backupSigningKeysPrevious: [], databaseUrl: null, dataDir: '' })
    .signing;
};

/**
 * The attack of issue 28 item 4: an account administrator of the attacker's choosing (the demo account
 * administrator's password hash, under a new id and email) added to the users table, the manifest's row count
 * and checksum of that table computed again. Only the signature can tell.
 */
const PLANTED_EMAIL = 'planted-admin@example.com';
function plantAdministrator(): (name: string, data: Buffer) => Buffer {
  let usersSha256 = '';
  return (name, data) => {
    if (name === 'tables/users/000001.jsonl') {
      const lines = data.toString('utf8').trimEnd().split('\n');
      const admin = JSON.parse(lines.find((line) => line.includes(demoEmail('account_administrator')))!) as Record<
        string,
        unknown
      >;
      lines.push(JSON.stringify({ ...admin, id: randomUUID(), email: PLANTED_EMAIL }));
      const planted = Buffer.from(lines.join('\n') + '\n', 'utf8');
      usersSha256 = sha256(planted);
      return planted;
    }
    if (name !== MANIFEST_ENTRY) return data;
    const manifest = JSON.parse(data.toString('utf8')) as { tables: { name: string; rows: number; sha256: string }[] };
    const users = manifest.tables.find((t) => t.name === 'users')!;
    users.rows += 1;
    users.sha256 = usersSha256;
    return Buffer.from(JSON.stringify(manifest, null, 2));
  };
}

const editManifest = (change: (manifest: Record<string, unknown>) => void) => (name: string, data: Buffer) => {
  if (name !== MANIFEST_ENTRY) return data;
  const manifest = JSON.parse(data.toString('utf8')) as Record<string, unknown>;
  change(manifest);
  return Buffer.from(JSON.stringify(manifest));
};

describe('backup and restore', () => {
  it('round trip: back up, change data and files, restore — every table and file equals the backup', async () => {
    const before = await snapshot();
    expect(before.tables.leads!.rows).toBeGreaterThan(0);
    expect(before.tables.invoices!.rows).toBeGreaterThan(0);
    expect(before.tables.task_notes!.rows).toBeGreaterThan(0);
    expect(Object.keys(before.files).length).toBeGreaterThan(0);
    for (const kept of KEPT_TABLES) expect(before.tables[kept]).toBeUndefined();
    const backup = await download();

    // Change everything a firm changes: records, settings, files added and removed.
    const lead = await f.createLead('administrator');
    await f.convertedLead('administrator');
    await f.exec(`delete from receipts where id in (select id from receipts limit 3)`);
    await f.exec(`update leads set first_name = 'Changed' where id in (select id from leads limit 10)`);
    await f.exec(`delete from task_notes where id in (select id from task_notes limit 5)`);
    const removed = Object.keys(before.files)[0]!;
    await f.t.app.storage.remove(removed);
    await f.t.app.storage.put(`services/${lead.id}/${crypto.randomUUID()}.png`, Buffer.from('new file'));
    const changed = await snapshot();
    expect(changed).not.toEqual(before);

    const res = await restore(backup);
    expect(res.response.status, JSON.stringify(res.error)).toBe(200);
    const result = res.data!;
    expect(result).toMatchObject({ maintenanceMode: false, files: Object.keys(before.files).length });
    expect(result.rows).toBe(Object.values(before.tables).reduce((sum, t) => sum + t.rows, 0));

    const after = await snapshot();
    // The restore's own audit row is the one difference the audit log may show.
    const { audit_logs: auditAfter, ...tablesAfter } = after.tables;
    const { audit_logs: auditBefore, ...tablesBefore } = before.tables;
    expect(tablesAfter).toEqual(tablesBefore);
    // The backup's audit rows plus the restore's own (the download's row came after the backup was taken).
    expect(auditAfter!.rows).toBe(auditBefore!.rows + 1);
    expect(after.files).toEqual(before.files);

    // The restoring administrator is still signed in, and the restore is in the audit log.
    const overview = await f.api('account_administrator').GET('/api/backups');
    expect(overview.response.status).toBe(200);
    const actions = await f.t.database.db.execute<{ action: string }>(
      sql`select action from audit_logs order by created_at desc limit 1`,
    );
    expect(actions.rows[0]!.action).toBe('RESTORE_BACKUP');
  });

  it('a restore moves the document numbers past the restored ones: the next document never takes one in use', async () => {
    const create = async (title: string) => {
      const res = await f.api('administrator').POST('/api/documents', { body: { ...DOCUMENT_EXAMPLE, title } });
      expect(res.response.status, JSON.stringify(res.error)).toBe(201);
      return res.data!.controlNumber;
    };
    await f.exec(`select setval('document_control_number_seq', 4999)`);
    const restored = await create('Numbered 5000');
    expect(restored).toMatch(/-5000$/);
    const backup = await download();
    // This installation's counter is behind the backup's numbers (a fresh or older installation).
    await f.exec(`select setval('document_control_number_seq', 1, false)`);
    expect((await restore(backup)).response.status).toBe(200);
    expect(await create('After the restore')).toMatch(/-5001$/);
  });

  it('round trip in small batches: tables of many chunks come back whole', async () => {
    const before = await snapshot();
    const file = await backupToTemporaryFile({ db: f.t.database.db, kind: f.t.database.kind }, f.t.app.storage, {
      signingKey: keys().signing,
      batchRows: 7,
    });
    const leads = file.manifest.tables.find((t) => t.name === 'leads')!;
    expect(leads.chunks).toBe(Math.ceil(leads.rows / 7));
    const bytes = await readFile(file.path);
    await file.discard();
    await f.exec(`delete from services`);
    const res = await restore(bytes);
    expect(res.response.status, JSON.stringify(res.error)).toBe(200);
    const after = await snapshot();
    const { audit_logs: _a, ...tablesAfter } = after.tables;
    const { audit_logs: _b, ...tablesBefore } = before.tables;
    expect(tablesAfter).toEqual(tablesBefore);
  });

  it('refuses a restore, changing nothing: other roles, no file, not a backup, another version, a broken checksum', async () => {
    // A restore's maintenance window ended the other roles' sessions: they sign in again, before the snapshot.
    cookies.clear();
    for (const role of ['account_administrator', 'administrator', 'supervisor', 'consultant'] as const)
      await cookieOf(role);
    const backup = await download();
    const before = await snapshot();
    const refusals: [string, Awaited<ReturnType<typeof restore>>, number, string | null][] = [
      ['administrator', await restore(backup, 'administrator'), 403, null],
      ['supervisor', await restore(backup, 'supervisor'), 403, null],
      ['consultant', await restore(backup, 'consultant'), 403, null],
      ['random bytes', await restore(Buffer.from('not a backup at all')), 400, BACKUP_MESSAGES.notABackup],
      ['gzip of text', await restore(gzipSync(Buffer.from('hello'))), 400, BACKUP_MESSAGES.notABackup],
      ['cut short', await restore(backup.subarray(0, Math.floor(backup.length / 2))), 400, BACKUP_MESSAGES.notABackup],
      [
        'another version',
        await restore(
          await repack(
            backup,
            editManifest((m) => (m.migrationId = '0001_extensions')),
          ),
        ),
        400,
        BACKUP_MESSAGES.wrongVersion('0001_extensions', String((await manifestOf(backup)).migrationId)),
      ],
      [
        'another format',
        await restore(
          await repack(
            backup,
            editManifest((m) => (m.format = 'something-else')),
          ),
        ),
        400,
        BACKUP_MESSAGES.notABackup,
      ],
      [
        'a changed row',
        await restore(
          await repack(backup, (name, data) =>
            name === 'tables/leads/000001.jsonl' ? Buffer.from(data.toString('utf8').replace('"', '"x')) : data,
          ),
        ),
        400,
        BACKUP_MESSAGES.damaged('the table leads'),
      ],
      [
        'a changed file',
        await restore(
          await repack(backup, (name, data) =>
            name.startsWith('files/') ? Buffer.concat([data, Buffer.from('x')]) : data,
          ),
        ),
        400,
        null,
      ],
    ];
    for (const [what, res, status, message] of refusals) {
      expect(res.response.status, `${what}: ${JSON.stringify(res.error)}`).toBe(status);
      if (message) expect(res.error?.message, what).toBe(message);
    }
    // Raw: the file under a field the document does not name.
    const noFile = await f.t.app.inject({
      method: 'POST',
      url: '/api/backups/restore',
      headers: { ...multipart(backup, 'other').headers, cookie: await cookieOf('account_administrator') },
      payload: multipart(backup, 'other').payload,
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().message).toBe(BACKUP_MESSAGES.fileMissing);

    const after = await snapshot();
    const { audit_logs: _a, ...tablesAfter } = after.tables;
    const { audit_logs: _b, ...tablesBefore } = before.tables;
    expect(tablesAfter).toEqual(tablesBefore);
    expect(after.files).toEqual(before.files);
    expect((await readGeneralSettings(f.t.database.db)).maintenanceMode).toBe(false);
  });

  it('downloads are for account administrators only', async () => {
    for (const role of ['administrator', 'supervisor', 'team_lead', 'consultant', 'guest'] as const) {
      const api = apiClient(f.t.app, await f.t.signIn(role));
      expect((await api.GET('/api/backups/download', { parseAs: 'arrayBuffer' })).response.status, role).toBe(403);
      expect((await api.GET('/api/backups')).response.status, role).toBe(403);
    }
  });

  it('the daily backup stores one when auto backup is on, keeps the newest seven, skips when it is off', async () => {
    const database = { db: f.t.database.db, kind: f.t.database.kind };
    const ctx = {
      db: f.t.database.db,
      databaseKind: f.t.database.kind,
      ...jobServicesOf(f.t.app),
      now: new Date('2026-12-03T15:30:00Z'), // 02:30 on 4 December in Sydney
    };
    const ran = await scheduledBackupJob.run({}, ctx);
    expect(ran).toMatchObject({ outcome: 'succeeded', runFor: '2026-12-04' });

    for (let day = 5; day < 5 + BACKUP_RETENTION + 1; day++) {
      await storeBackup(
        database,
        f.t.app.storage,
        keys().signing,
        new Date(`2026-12-${String(day).padStart(2, '0')}T15:00:00Z`),
      );
    }
    const owner = f.api('account_administrator');
    const overview = (await owner.GET('/api/backups')).data!;
    expect(overview).toMatchObject({ autoBackup: true, retention: BACKUP_RETENTION, schedule: 'Every day at 02:00' });
    expect(overview.nextRunAt).not.toBeNull();
    expect(overview.backups).toHaveLength(BACKUP_RETENTION);
    expect(overview.backups[0]!.createdAt).toBe('2026-12-12T15:00:00.000Z');

    const stored = await f.call('account_administrator', 'GET', `/api/backups/${overview.backups[0]!.id}/download`);
    expect(stored.statusCode).toBe(200);
    expect(stored.rawPayload.length).toBe(overview.backups[0]!.size);
    expect((await manifestOf(stored.rawPayload)).format).toBe('visa-crm-backup');
    expect(
      (
        await owner.GET('/api/backups/{id}/download', {
          params: { path: { id: '20990101T000000Z-00000000' } },
          parseAs: 'arrayBuffer',
        })
      ).response.status,
    ).toBe(404);
    // Raw: an id that climbs out of the backups' folder, sent exactly as written.
    expect((await f.call('account_administrator', 'GET', '/api/backups/..%2F..%2Fetc/download')).statusCode).toBe(404);

    await f.exec(`update system_settings set setting_value = setting_value || '{"autoBackup": false}'
                  where setting_key = 'general_settings'`);
    expect(await scheduledBackupJob.run({}, { ...ctx, now: new Date('2026-12-20T15:30:00Z') })).toMatchObject({
      outcome: 'skipped',
      summary: 'Auto backup is off',
    });
    const off = (await owner.GET('/api/backups')).data;
    expect(off).toMatchObject({ autoBackup: false, nextRunAt: null });
    const jobs = (await owner.GET('/api/jobs')).data!;
    expect(jobs.map((j) => j.name)).toContain(SCHEDULED_BACKUP_JOB);
  });
});

describe('signed backups', () => {
  /** Every table and file, the audit log included: a refusal writes nothing at all. */
  const unchangedSince = async (before: Awaited<ReturnType<typeof snapshot>>) =>
    expect(await snapshot()).toEqual(before);

  it('refuses an archive whose manifest was rewritten with recomputed checksums (a planted account administrator), an unsigned one and one signed with another key, changing nothing', async () => {
    const backup = await download();
    // The crafted archive is otherwise a sound backup: signed with this server's key, its check passes.
    const plantedAndSigned = await inspect(await repack(backup, plantAdministrator(), keys().signing));
    expect(plantedAndSigned.response.status, JSON.stringify(plantedAndSigned.error)).toBe(200);
    expect(plantedAndSigned.data!.rows).toBe((await inspect(backup)).data!.rows + 1);

    const before = await snapshot();
    const refusals: [string, Buffer, string][] = [
      ['planted, its signature kept', await repack(backup, plantAdministrator()), BACKUP_MESSAGES.tampered],
      ['planted, unsigned', await repack(backup, plantAdministrator(), 'drop'), BACKUP_MESSAGES.unsigned],
      [
        'planted, signed with another key',
        await repack(backup, plantAdministrator(), otherKey()),
        BACKUP_MESSAGES.otherKey,
      ],
      ['a sound backup without its signature', await repack(backup, unchanged, 'drop'), BACKUP_MESSAGES.unsigned],
      ['a sound backup signed with another key', await repack(backup, unchanged, otherKey()), BACKUP_MESSAGES.otherKey],
      ['a signature before the manifest', await reordered(backup), BACKUP_MESSAGES.notABackup],
    ];
    for (const [what, bytes, message] of refusals) {
      for (const step of ['inspect', 'restore'] as const) {
        const res = step === 'inspect' ? await inspect(bytes) : await restore(bytes);
        expect(res.response.status, `${what} (${step}): ${JSON.stringify(res.error)}`).toBe(400);
        expect(res.error?.message, `${what} (${step})`).toBe(message);
      }
    }
    await unchangedSince(before);
    expect((await readGeneralSettings(f.t.database.db)).maintenanceMode).toBe(false);

    const planted = await apiClient(f.t.app).POST('/api/auth/sign-in', {
      body: { email: PLANTED_EMAIL, password: TEST_PASSWORD },
    });
    expect(planted.response.status).toBe(401);
  });

  it('the check before a restore says which installation made the backup and when; a restore keeps this installation', async () => {
    const overview = (await f.api('account_administrator').GET('/api/backups')).data!;
    expect(overview.installation.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(overview.installation.firmName).toBe((await readGeneralSettings(f.t.database.db)).companyName);
    // The key is BACKUP_SIGNING_KEY: nothing to show.
    expect(overview.newSigningKey).toBeNull();

    const backup = await download();
    const manifest = (await manifestOf(backup)) as {
      createdAt: string;
      installation: unknown;
      tables: { rows: number }[];
      files: unknown[];
    };
    expect(manifest.installation).toEqual(overview.installation);
    const inspected = await inspect(backup);
    expect(inspected.response.status, JSON.stringify(inspected.error)).toBe(200);
    expect(inspected.data).toEqual({
      createdAt: manifest.createdAt,
      installation: overview.installation,
      madeHere: true,
      tables: manifest.tables.length,
      rows: manifest.tables.reduce((sum, t) => sum + t.rows, 0),
      files: manifest.files.length,
      maintenanceMode: false,
    } satisfies NonNullable<typeof inspected.data>);

    // Another installation sharing the key (BACKUP_SIGNING_KEY_PREVIOUS, or servers given the same key).
    const elsewhereInstallation = { id: randomUUID(), firmName: 'Harbour Migration Pty Ltd' };
    const elsewhere = await repack(
      backup,
      editManifest((m) => (m.installation = elsewhereInstallation)),
      keys().signing,
    );
    const other = await inspect(elsewhere);
    expect(other.response.status, JSON.stringify(other.error)).toBe(200);
    expect(other.data).toMatchObject({ installation: elsewhereInstallation, madeHere: false });

    const restored = await restore(elsewhere);
    expect(restored.response.status, JSON.stringify(restored.error)).toBe(200);
    expect(restored.data).toMatchObject({ installation: elsewhereInstallation, signed: true });
    const after = (await f.api('account_administrator').GET('/api/backups')).data!;
    expect(after.installation.id).toBe(overview.installation.id);
    const audit = await f.t.database.db.execute<{ new_values: { installation: unknown; signature: string } }>(
      sql`select new_values from audit_logs where action = 'RESTORE_BACKUP' order by created_at desc limit 1`,
    );
    expect(audit.rows[0]!.new_values).toMatchObject({ installation: elsewhereInstallation, signature: 'signed' });
  });

  it('the command line with --accept-unsigned restores an unsigned backup, one of before signing and one signed with another key; never one whose signature does not match', async () => {
    const backup = await download();
    const manifest = await manifestOf(backup);
    const before = await snapshot();
    const folder = await mkdtemp(join(tmpdir(), 'crm-restore-test-'));
    const deps = { db: f.t.database.db, storage: f.t.app.storage, keys: keys() };
    const commandLine = { actorId: null, ipAddress: null, userAgent: 'restore script' };
    const fileOf = async (name: string, bytes: Buffer) => {
      const path = join(folder, name);
      await writeFile(path, bytes);
      return path;
    };
    const tablesOf = (shot: Awaited<ReturnType<typeof snapshot>>) => {
      const { audit_logs: _audit, ...tables } = shot.tables;
      return { tables, files: shot.files };
    };
    try {
      const unsigned = await fileOf('unsigned.tar.gz', await repack(backup, unchanged, 'drop'));
      // A format 1 backup, of the version before signing: no installation, no signature.
      const formatOne = await fileOf(
        'format-1.tar.gz',
        await repack(
          backup,
          editManifest((m) => {
            m.formatVersion = 1;
            delete m.installation;
          }),
          'drop',
        ),
      );
      const signedElsewhere = await fileOf('other-key.tar.gz', await repack(backup, unchanged, otherKey()));
      const tampered = await fileOf('planted.tar.gz', await repack(backup, plantAdministrator()));

      // Without the flag the command line refuses as the API does; a tampered one is refused even with it.
      await expect(restoreBackup(deps, commandLine, unsigned)).rejects.toThrow(BACKUP_MESSAGES.unsigned);
      await expect(restoreBackup(deps, commandLine, formatOne)).rejects.toThrow(BACKUP_MESSAGES.unsigned);
      await expect(restoreBackup(deps, commandLine, signedElsewhere)).rejects.toThrow(BACKUP_MESSAGES.otherKey);
      await expect(restoreBackup(deps, commandLine, tampered, { acceptUnsigned: true })).rejects.toThrow(
        BACKUP_MESSAGES.tampered,
      );
      await unchangedSince(before);

      for (const [path, installation] of [
        [unsigned, manifest.installation],
        [formatOne, null],
        [signedElsewhere, manifest.installation],
      ] as const) {
        await f.exec(`delete from task_notes where id in (select id from task_notes limit 2)`);
        expect(tablesOf(await snapshot())).not.toEqual(tablesOf(before));
        const result = await restoreBackup(deps, commandLine, path, { acceptUnsigned: true });
        expect(result, path).toMatchObject({ signed: false, installation, backupCreatedAt: manifest.createdAt });
        expect(tablesOf(await snapshot()), path).toEqual(tablesOf(before));
      }
      const audit = await f.t.database.db.execute<{ new_values: { signature: string } }>(
        sql`select new_values from audit_logs where action = 'RESTORE_BACKUP' order by created_at desc limit 1`,
      );
      expect(audit.rows[0]!.new_values.signature).toBe('other key');
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});

async function manifestOf(backup: Buffer): Promise<Record<string, unknown>> {
  async function* source() {
    yield gunzipSync(backup);
  }
  for await (const entry of readTar(source())) {
    if (entry.name === MANIFEST_ENTRY) return JSON.parse(entry.data.toString('utf8')) as Record<string, unknown>;
  }
  throw new Error('no manifest');
}

/** The backup with its signature entry moved in front of the manifest. */
async function reordered(backup: Buffer): Promise<Buffer> {
  const entries: { name: string; data: Buffer }[] = [];
  async function* source() {
    yield gunzipSync(backup);
  }
  for await (const entry of readTar(source())) entries.push(entry);
  const signature = entries.findIndex((e) => e.name === SIGNATURE_ENTRY);
  const [moved] = entries.splice(signature, 1);
  entries.splice(signature - 1, 0, moved!);
  return gzipSync(await tarOf(entries));
}
