// Signed backups (issue 28 item 4, docs/decisions/0028): every backup carries an HMAC-SHA256 over the exact
// bytes of its manifest, which lists the SHA-256 of every table chunk and file, so a restore accepts only an
// archive made by a holder of the key. Recomputing the checksums of a changed archive no longer suffices.
// The key: BACKUP_SIGNING_KEY (required with DATABASE_URL, the same on every server), else on the embedded
// database a key generated into the data folder (0600), shown once to an account administrator.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import type { Config } from '../../config.ts';

/** The archive entry after manifest.json that holds its signature. */
export const SIGNATURE_ENTRY = 'signature.json';
const SIGNATURE_FORMAT = 'visa-crm-backup-signature';
const ALGORITHM = 'HMAC-SHA256';
/** 32 characters: a random base64 value of 24 bytes or more, as `openssl rand -base64 32` gives. */
export const MIN_KEY_LENGTH = 32;
const KEY_FILE = 'backup-signing.key';
/** Beside the key file: the id of the key an account administrator said is stored safely. */
const STORED_MARKER = 'backup-signing.key.stored';

export type BackupSigningKey = {
  /** Names the key in a signature without revealing it (an HMAC of a fixed text): which key signed. */
  id: string;
  secret: Buffer;
};

export type BackupKeys = {
  /** The key new backups are signed with. */
  signing: BackupSigningKey;
  /** The keys a restore accepts: the signing one, then BACKUP_SIGNING_KEY_PREVIOUS. */
  accepted: BackupSigningKey[];
  /** The key file in the data folder when the key was generated there; null when it is BACKUP_SIGNING_KEY. */
  keyFile: string | null;
};

/** A missing or weak key in the configuration: the server refuses to start, the scripts to run. */
export class BackupKeyError extends Error {}

export const KEY_MISSING_MESSAGE =
  'BACKUP_SIGNING_KEY is not set. With DATABASE_URL every server signs and checks backups with the same key: ' +
  'set BACKUP_SIGNING_KEY to one random value of at least 32 characters (e.g. the output of `openssl rand ' +
  '-base64 32`) on every server and for `npm run backup` / `npm run restore`.';

const keyOf = (text: string): BackupSigningKey => {
  const secret = Buffer.from(text, 'utf8');
  const id = createHmac('sha256', secret).update('visa-crm backup signing key id').digest('hex').slice(0, 16);
  return { id, secret };
};

function configuredKey(variable: string, value: string): BackupSigningKey {
  if (value.length < MIN_KEY_LENGTH) {
    throw new BackupKeyError(
      `${variable} is too short: a backup signing key has at least ${MIN_KEY_LENGTH} characters ` +
        '(e.g. the output of `openssl rand -base64 32`).',
    );
  }
  return keyOf(value);
}

/** The data folder's key, made on the first call; 'wx' so that two processes never end up with two keys. */
function keyFileText(file: string, dataDir: string): string {
  const read = () => readFileSync(file, 'utf8').trim();
  let text: string;
  try {
    text = read();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    try {
      writeFileSync(file, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
    } catch {
      /* made by another process meanwhile: its key is the one */
    }
    text = read();
  }
  if (text.length < MIN_KEY_LENGTH) {
    throw new BackupKeyError(
      `The backup signing key file ${file} is damaged: it holds no key of ${MIN_KEY_LENGTH} characters.`,
    );
  }
  return text;
}

export type BackupKeyConfig = Pick<
  Config,
  'backupSigningKey' | 'backupSigningKeysPrevious' | 'databaseUrl' | 'dataDir'
>;

/** The backup keys of this configuration; throws BackupKeyError when it has none it may use. */
export function readBackupKeys(config: BackupKeyConfig): BackupKeys {
  const previous = config.backupSigningKeysPrevious.map((key) => configuredKey('BACKUP_SIGNING_KEY_PREVIOUS', key));
  if (config.backupSigningKey) {
    const signing = configuredKey('BACKUP_SIGNING_KEY', config.backupSigningKey);
    return { signing, accepted: [signing, ...previous], keyFile: null };
  }
  // A generated key is one server's: servers sharing a PostgreSQL database would each make their own, and
  // one could not restore what another backed up.
  if (config.databaseUrl) throw new BackupKeyError(KEY_MISSING_MESSAGE);
  const keyFile = join(config.dataDir, KEY_FILE);
  const signing = keyOf(keyFileText(keyFile, config.dataDir));
  return { signing, accepted: [signing, ...previous], keyFile };
}

const storedMarkerOf = (keyFile: string) => join(dirname(keyFile), STORED_MARKER);

/**
 * The generated key, until an account administrator says they have stored it (then null for good); null
 * too when the key is BACKUP_SIGNING_KEY (the operator chose it). The marker names the key, so a key file
 * made again (the old one deleted) is shown again.
 */
export function unstoredSigningKey(keys: BackupKeys): string | null {
  if (!keys.keyFile) return null;
  let stored = '';
  try {
    stored = readFileSync(storedMarkerOf(keys.keyFile), 'utf8').trim();
  } catch {
    /* not stored yet */
  }
  return stored === keys.signing.id ? null : keys.signing.secret.toString('utf8');
}

/** Records that the generated key is stored safely: it is not shown again. */
export function markSigningKeyStored(keys: BackupKeys): void {
  if (keys.keyFile) writeFileSync(storedMarkerOf(keys.keyFile), `${keys.signing.id}\n`, { mode: 0o600 });
}

const signatureSchema = z
  .object({
    format: z.literal(SIGNATURE_FORMAT),
    algorithm: z.literal(ALGORITHM),
    keyId: z.string().regex(/^[0-9a-f]{16}$/),
    signature: z.string().regex(/^[0-9a-f]{64}$/),
  })
  .strict();

const hmacOf = (manifest: Buffer, key: BackupSigningKey) => createHmac('sha256', key.secret).update(manifest).digest();

/** The signature entry of a manifest (its exact bytes, as written into the archive). */
export function signManifest(manifest: Buffer, key: BackupSigningKey): Buffer {
  const entry: z.infer<typeof signatureSchema> = {
    format: SIGNATURE_FORMAT,
    algorithm: ALGORITHM,
    keyId: key.id,
    signature: hmacOf(manifest, key).toString('hex'),
  };
  return Buffer.from(JSON.stringify(entry, null, 2), 'utf8');
}

/**
 * - signed: one of the accepted keys signed these manifest bytes;
 * - unsigned: the archive has no signature;
 * - other key: signed with a key this server does not hold (another installation, or a key changed since);
 * - tampered: it names a key this server holds but does not match, or the signature entry is no signature.
 */
export type SignatureVerdict = 'signed' | 'unsigned' | 'other key' | 'tampered';

export function verifyManifest(manifest: Buffer, signature: Buffer | null, keys: BackupSigningKey[]): SignatureVerdict {
  if (!signature) return 'unsigned';
  let parsed: z.infer<typeof signatureSchema>;
  try {
    const result = signatureSchema.safeParse(JSON.parse(signature.toString('utf8')));
    if (!result.success) return 'tampered';
    parsed = result.data;
  } catch {
    return 'tampered';
  }
  const given = Buffer.from(parsed.signature, 'hex');
  // Every accepted key is tried, whatever the entry names: the key id only picks the message of a refusal.
  for (const key of keys) {
    if (timingSafeEqual(hmacOf(manifest, key), given)) return 'signed';
  }
  return keys.some((key) => key.id === parsed.keyId) ? 'tampered' : 'other key';
}
