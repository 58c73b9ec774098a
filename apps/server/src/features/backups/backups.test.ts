// Backup and restore (issue 15 item 7): a round trip gives back every table and every stored file exactly;
// a refused restore (a role, a file that is no backup, another version, a broken checksum) changes nothing.
import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKUP_MESSAGES, BACKUP_RETENTION, type BackupOverview, type RestoreResult } from '@crm/domain';
import { createFixture, type Fixture } from '../../../test/record-fixtures.ts';
import { SCHEDULED_BACKUP_JOB, scheduledBackupJob } from '../../jobs/scheduled-backup.job.ts';
import { seedDemoClients } from '../../seed/demo-clients.ts';
import { seedDemoInvoices } from '../../seed/demo-invoices.ts';
import { seedDemoLeads } from '../../seed/demo-leads.ts';
import { seedDemoServices } from '../../seed/demo-services.ts';
import { seedDemoTasks } from '../../seed/demo-tasks.ts';
import { readGeneralSettings } from '../settings/settings.repository.ts';
import { backupTables, KEPT_TABLES } from './backup-tables.ts';
import { BACKUPS_PREFIX, MANIFEST_ENTRY } from './backup-writer.ts';
import { backupToTemporaryFile, storeBackup } from './backups.service.ts';
import { readTar, tarEnd, tarHeader, tarPadding } from './tar-archive.ts';
import { readFile } from 'node:fs/promises';

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

function multipart(bytes: Buffer, field = 'file') {
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

type Role = Parameters<Fixture['call']>[0];
/** A session per role, signed in once: a sign-in writes to users, which a comparison must not see. */
const cookies = new Map<Role, string>();
async function cookieOf(role: Role) {
  if (!cookies.has(role)) cookies.set(role, await f.t.signIn(role));
  return cookies.get(role)!;
}

async function restore(bytes: Buffer, role: Role = 'account_administrator') {
  const body = multipart(bytes);
  return f.t.app.inject({
    method: 'POST',
    url: '/api/backups/restore',
    headers: { ...body.headers, cookie: await cookieOf(role) },
    payload: body.payload,
  });
}

async function download(): Promise<Buffer> {
  const res = await f.call('account_administrator', 'GET', '/api/backups/download');
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/gzip');
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename="visa-crm-backup-\d{8}T\d{6}Z\.tar\.gz"$/);
  return res.rawPayload;
}

/** The archive's entries, changed by `edit`, packed again (a hand-made backup). */
async function repack(backup: Buffer, edit: (name: string, data: Buffer) => Buffer): Promise<Buffer> {
  const parts: Buffer[] = [];
  async function* source() {
    yield gunzipSync(backup);
  }
  for await (const entry of readTar(source())) {
    const data = edit(entry.name, entry.data);
    parts.push(tarHeader(entry.name, data.length, new Date()), data, tarPadding(data.length));
  }
  parts.push(tarEnd());
  return gzipSync(Buffer.concat(parts));
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
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json() as RestoreResult;
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
    const overview = await f.call('account_administrator', 'GET', '/api/backups');
    expect(overview.statusCode).toBe(200);
    const actions = await f.t.database.db.execute<{ action: string }>(
      sql`select action from audit_logs order by created_at desc limit 1`,
    );
    expect(actions.rows[0]!.action).toBe('RESTORE_BACKUP');
  });

  it('round trip in small batches: tables of many chunks come back whole', async () => {
    const before = await snapshot();
    const file = await backupToTemporaryFile({ db: f.t.database.db, kind: f.t.database.kind }, f.t.app.storage, {
      batchRows: 7,
    });
    const leads = file.manifest.tables.find((t) => t.name === 'leads')!;
    expect(leads.chunks).toBe(Math.ceil(leads.rows / 7));
    const bytes = await readFile(file.path);
    await file.discard();
    await f.exec(`delete from services`);
    const res = await restore(bytes);
    expect(res.statusCode, res.body).toBe(200);
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
      expect(res.statusCode, `${what}: ${res.body}`).toBe(status);
      if (message) expect(res.json().message, what).toBe(message);
    }
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
      const cookie = await f.t.signIn(role);
      for (const url of ['/api/backups/download', '/api/backups']) {
        expect((await f.t.app.inject({ method: 'GET', url, headers: { cookie } })).statusCode, role).toBe(403);
      }
    }
  });

  it('the daily backup stores one when auto backup is on, keeps the newest seven, skips when it is off', async () => {
    const database = { db: f.t.database.db, kind: f.t.database.kind };
    const ctx = {
      db: f.t.database.db,
      databaseKind: f.t.database.kind,
      mailer: f.t.app.mailer,
      mail: f.t.app.mail,
      storage: f.t.app.storage,
      config: f.t.app.config,
      log: f.t.app.log,
      now: new Date('2026-12-03T15:30:00Z'), // 02:30 on 4 December in Sydney
    };
    const ran = await scheduledBackupJob.run({}, ctx);
    expect(ran).toMatchObject({ outcome: 'succeeded', runFor: '2026-12-04' });

    for (let day = 5; day < 5 + BACKUP_RETENTION + 1; day++) {
      await storeBackup(database, f.t.app.storage, new Date(`2026-12-${String(day).padStart(2, '0')}T15:00:00Z`));
    }
    const overview = (await f.call('account_administrator', 'GET', '/api/backups')).json() as BackupOverview;
    expect(overview).toMatchObject({ autoBackup: true, retention: BACKUP_RETENTION, schedule: 'Every day at 02:00' });
    expect(overview.nextRunAt).not.toBeNull();
    expect(overview.backups).toHaveLength(BACKUP_RETENTION);
    expect(overview.backups[0]!.createdAt).toBe('2026-12-12T15:00:00.000Z');

    const stored = await f.call('account_administrator', 'GET', `/api/backups/${overview.backups[0]!.id}/download`);
    expect(stored.statusCode).toBe(200);
    expect(stored.rawPayload.length).toBe(overview.backups[0]!.size);
    expect((await manifestOf(stored.rawPayload)).format).toBe('visa-crm-backup');
    expect(
      (await f.call('account_administrator', 'GET', '/api/backups/20990101T000000Z-00000000/download')).statusCode,
    ).toBe(404);
    expect((await f.call('account_administrator', 'GET', '/api/backups/..%2F..%2Fetc/download')).statusCode).toBe(404);

    await f.exec(`update system_settings set setting_value = setting_value || '{"autoBackup": false}'
                  where setting_key = 'general_settings'`);
    expect(await scheduledBackupJob.run({}, { ...ctx, now: new Date('2026-12-20T15:30:00Z') })).toMatchObject({
      outcome: 'skipped',
      summary: 'Auto backup is off',
    });
    const off = (await f.call('account_administrator', 'GET', '/api/backups')).json() as BackupOverview;
    expect(off).toMatchObject({ autoBackup: false, nextRunAt: null });
    const jobs = (await f.call('account_administrator', 'GET', '/api/jobs')).json() as { name: string }[];
    expect(jobs.map((j) => j.name)).toContain(SCHEDULED_BACKUP_JOB);
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
