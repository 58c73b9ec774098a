// Secrets in settings (the SMTP password, integration API keys) are stored encrypted (AES-256-GCM) with a
// key from the environment (SETTINGS_SECRET_KEY), so a database dump or backup alone does not reveal
// them. Without the variable the key is a random one kept in the data folder (0600), which suits the
// embedded database; several servers on one PostgreSQL must share SETTINGS_SECRET_KEY (SECURITY.md).
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export type SecretBox = {
  seal: (plain: string) => string;
  /** The plain text, or null when the value was sealed with another key (the key changed). */
  open: (sealed: string) => string | null;
};

const VERSION = 'v1';

/** `keyOf` is asked once, at the first seal or open: an app that never holds a secret never makes a key file. */
export function createSecretBox(keyOf: () => Buffer): SecretBox {
  let cached: Buffer | undefined;
  const key = () => (cached ??= keyOf());
  return {
    seal: (plain) => {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key(), iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64'), cipher.getAuthTag().toString('base64'), body.toString('base64')].join(
        ':',
      );
    },
    open: (sealed) => {
      const [version, iv, tag, body] = sealed.split(':');
      if (version !== VERSION || !iv || !tag || body === undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key(), Buffer.from(iv, 'base64'));
        decipher.setAuthTag(Buffer.from(tag, 'base64'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}

/** The key: SETTINGS_SECRET_KEY (any length, hashed to 32 bytes) or the data folder's key file, made once. */
export function settingsSecretKey(fromEnvironment: string | null, dataDir: string): Buffer {
  if (fromEnvironment) return createHash('sha256').update(fromEnvironment).digest();
  const file = join(dataDir, 'settings-secret.key');
  try {
    return createHash('sha256').update(readFileSync(file, 'utf8').trim()).digest();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const generated = randomBytes(32).toString('base64');
    try {
      // 'wx': when another process made it first, its key is the one to use.
      writeFileSync(file, `${generated}\n`, { mode: 0o600, flag: 'wx' });
    } catch {
      /* made by another process meanwhile */
    }
    return createHash('sha256').update(readFileSync(file, 'utf8').trim()).digest();
  }
}
