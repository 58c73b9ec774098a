// The backup signing key (issue 28 item 4, docs/decisions/0028): where it comes from (BACKUP_SIGNING_KEY,
// required with DATABASE_URL; else a key file made in the data folder, 0600), the one-time notice of a
// generated key in the backups screen, and what a signature check says.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackupOverview } from '@crm/domain';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import {
  type BackupKeyConfig,
  BackupKeyError,
  KEY_MISSING_MESSAGE,
  markSigningKeyStored,
  readBackupKeys,
  SIGNATURE_ENTRY,
  signManifest,
  unstoredSigningKey,
  verifyManifest,
} from './backup-signing.ts';
import { MANIFEST_ENTRY } from './backup-writer.ts';
import { readTar } from './tar-archive.ts';

const folders: string[] = [];
const dataFolder = () => {
  const folder = mkdtempSync(join(tmpdir(), 'crm-backup-key-'));
  folders.push(folder);
  return folder;
};
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

const embedded = (dataDir: string, over: Partial<BackupKeyConfig> = {}): BackupKeyConfig => ({
  backupSigningKey: null,
  backupSigningKeysPrevious: [],
  databaseUrl: null,
  dataDir,
  ...over,
});
const randomKey = () => randomBytes(32).toString('base64');

describe('the backup signing key', () => {
  it('on the embedded database: made once into the data folder (0600), shown until said to be stored', () => {
    const dataDir = join(dataFolder(), 'data'); // not there yet: made with the key
    const first = readBackupKeys(embedded(dataDir));
    const file = join(dataDir, 'backup-signing.key');
    expect(first.keyFile).toBe(file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toHaveLength(43);
    // Every process of this data folder signs with the same key.
    const again = readBackupKeys(embedded(dataDir));
    expect(again.signing).toEqual(first.signing);
    expect(again.accepted).toEqual([first.signing]);

    expect(unstoredSigningKey(again)).toBe(readFileSync(file, 'utf8').trim());
    markSigningKeyStored(again);
    expect(unstoredSigningKey(readBackupKeys(embedded(dataDir)))).toBeNull();

    // A key file made again (the old one deleted) is a new key: shown again.
    rmSync(file);
    const remade = readBackupKeys(embedded(dataDir));
    expect(remade.signing.id).not.toBe(first.signing.id);
    expect(unstoredSigningKey(remade)).not.toBeNull();
  });

  it('BACKUP_SIGNING_KEY wins and makes no key file; with DATABASE_URL it is required; a short key is refused', () => {
    const dataDir = dataFolder();
    const key = randomKey();
    const fromEnvironment = readBackupKeys(embedded(dataDir, { backupSigningKey: key }));
    expect(fromEnvironment.keyFile).toBeNull();
    expect(fromEnvironment.signing.secret.toString('utf8')).toBe(key);
    expect(unstoredSigningKey(fromEnvironment)).toBeNull();
    expect(() => statSync(join(dataDir, 'backup-signing.key'))).toThrow();

    const server = embedded(dataDir, { databaseUrl: 'postgres://db.example/crm' });
    expect(() => readBackupKeys(server)).toThrow(BackupKeyError);
    expect(() => readBackupKeys(server)).toThrow(KEY_MISSING_MESSAGE);
    expect(readBackupKeys({ ...server, backupSigningKey: key }).signing.id).toBe(fromEnvironment.signing.id);

    expect(() => readBackupKeys(embedded(dataDir, { backupSigningKey: 'short-key' }))).toThrow(
      /BACKUP_SIGNING_KEY is too short/,
    );
    expect(() =>
      readBackupKeys(embedded(dataDir, { backupSigningKey: key, backupSigningKeysPrevious: ['x'] })),
    ).toThrow(/BACKUP_SIGNING_KEY_PREVIOUS is too short/);
  });

  it('a signature check: signed by this key or a previous one, unsigned, another key, or changed', () => {
    const dataDir = dataFolder();
    const old = readBackupKeys(embedded(dataDir, { backupSigningKey: randomKey() })).signing;
    const keys = readBackupKeys(
      embedded(dataDir, { backupSigningKey: randomKey(), backupSigningKeysPrevious: [old.secret.toString('utf8')] }),
    );
    const stranger = readBackupKeys(embedded(dataDir, { backupSigningKey: randomKey() })).signing;
    const manifest = Buffer.from('{"format":"visa-crm-backup"}');

    expect(verifyManifest(manifest, signManifest(manifest, keys.signing), keys.accepted)).toBe('signed');
    expect(verifyManifest(manifest, signManifest(manifest, old), keys.accepted)).toBe('signed');
    expect(verifyManifest(manifest, null, keys.accepted)).toBe('unsigned');
    expect(verifyManifest(manifest, signManifest(manifest, stranger), keys.accepted)).toBe('other key');
    // One byte of the manifest changed under this key's signature.
    const changed = Buffer.from('{"format":"visa-crm-backup "}');
    expect(verifyManifest(changed, signManifest(manifest, keys.signing), keys.accepted)).toBe('tampered');
    expect(verifyManifest(manifest, Buffer.from('not json'), keys.accepted)).toBe('tampered');
    const wrongLength = JSON.parse(signManifest(manifest, keys.signing).toString('utf8')) as { signature: string };
    wrongLength.signature = wrongLength.signature.slice(2);
    expect(verifyManifest(manifest, Buffer.from(JSON.stringify(wrongLength)), keys.accepted)).toBe('tampered');
  });
});

describe('the generated key in the backups screen', () => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = dataFolder();
    // The embedded database's configuration: no BACKUP_SIGNING_KEY, no DATABASE_URL.
    t = await buildTestApp({ databaseUrl: null, backupSigningKey: null, dataDir });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('is shown to the account administrator until they say it is stored, then never again; backups are signed with it', async () => {
    const cookie = await t.signIn('account_administrator');
    const overview = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/backups', headers: { cookie } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      return res.json() as BackupOverview;
    };
    // main.ts makes the key at the first start; a test app at its first use.
    const shown = (await overview()).newSigningKey;
    expect(shown).toBe(readFileSync(join(dataDir, 'backup-signing.key'), 'utf8').trim());

    // A backup taken now is signed with that key.
    const backup = await t.app.inject({ method: 'GET', url: '/api/backups/download', headers: { cookie } });
    expect(backup.statusCode).toBe(200);
    const entries = new Map<string, Buffer>();
    async function* source() {
      yield gunzipSync(backup.rawPayload);
    }
    for await (const entry of readTar(source())) entries.set(entry.name, entry.data);
    const keys = readBackupKeys(embedded(dataDir));
    expect(verifyManifest(entries.get(MANIFEST_ENTRY)!, entries.get(SIGNATURE_ENTRY)!, keys.accepted)).toBe('signed');

    const stored = await t.app.inject({ method: 'POST', url: '/api/backups/signing-key/stored', headers: { cookie } });
    expect(stored.statusCode, stored.body).toBe(200);
    expect((await overview()).newSigningKey).toBeNull();
    // Said twice (a second tab): nothing more to do, nothing audited twice.
    const twice = await t.app.inject({ method: 'POST', url: '/api/backups/signing-key/stored', headers: { cookie } });
    expect(twice.statusCode).toBe(200);
    const audit = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_logs where action = 'STORE_BACKUP_SIGNING_KEY'`,
    );
    expect(Number(audit.rows[0]!.n)).toBe(1);
  });
});
