// Boots the whole app on a fresh database for one test file, with the demo users (one per role).
// PGlite from the migrated template by default; a new database on the PostgreSQL server at
// TEST_DATABASE_URL when that is set (dropped again by close()).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import type { Role } from '@crm/domain';
import { buildApp } from '../src/app.ts';
import { type Config, readConfig } from '../src/config.ts';
import { type DatabaseHandle, openDatabase } from '../src/db/database.ts';
import { createMailer } from '../src/plugins/mail.ts';
import { mailAsSent } from './mail-log-helpers.ts';
import { SESSION_COOKIE } from '../src/plugins/session.ts';
import { demoEmail, seedDemoUsers } from '../src/seed/demo-users.ts';
import { localDiskStorage } from '../src/storage/file-storage.ts';

/** The password of every seeded user. */
export const TEST_PASSWORD = 'Test-Password-1!';

export type TestApp = {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** Signs the role's demo user in through the API; returns the Cookie header value. */
  signIn: (role: Role, password?: string) => Promise<string>;
  /**
   * Every mail of the Mail log so far, oldest first, as the MIME message it is (or would be) sent as: after
   * the mails requests started have been queued and the delivery has run (with no mail server, 'kept').
   */
  outbox: () => Promise<{ name: string; content: string }[]>;
  /**
   * The mails to one address (and, when given, with a subject that contains `subject`), oldest first, as
   * `outbox` composes them: what a test reads of the mail it caused, whatever other mail the app queues.
   */
  mailsTo: (to: string, subject?: string) => Promise<{ name: string; content: string }[]>;
  /**
   * Another app instance on the same database, as a second server process would be: its own connection
   * pool on PostgreSQL; on PGlite (one connection per process) the same handle.
   */
  secondInstance: () => Promise<{ app: FastifyInstance; close: () => Promise<void> }>;
  close: () => Promise<void>;
};

export function testDatabaseUrl(): string | null {
  return process.env.TEST_DATABASE_URL?.trim() || null;
}

/** `configOverrides` changes settings of this app only (trustProxy, webDistDir, …). */
export async function buildTestApp(configOverrides: Partial<Config> = {}): Promise<TestApp> {
  const serverUrl = testDatabaseUrl();
  const { database, drop, url } = serverUrl ? await openServerDatabase(serverUrl) : await openTemplatePglite();
  // Uploaded files of this app only (never the repository's data folder).
  const filesDir = mkdtempSync(join(tmpdir(), 'crm-files-'));
  const storage = localDiskStorage(filesDir);
  let app: FastifyInstance | undefined;
  const config: Config = {
    ...readConfig({ WEB_DIST_DIR: '' }),
    databaseUrl: url,
    seedDemo: false,
    demoPassword: TEST_PASSWORD,
    // Never the repository's data folder's key file.
    settingsSecretKey: randomBytes(32).toString('base64'),
    backupSigningKey: randomBytes(32).toString('base64'),
    ...configOverrides,
  };
  try {
    await seedDemoUsers(database.db, TEST_PASSWORD);
    app = await buildApp({ config, database, mailer: createMailer({ smtpUrl: null }), storage });
    await app.ready();
  } catch (error) {
    await app?.close();
    await database.close();
    await drop();
    rmSync(filesDir, { recursive: true, force: true });
    throw error;
  }
  const ready = app;

  return {
    app: ready,
    database,
    signIn: (role, password = TEST_PASSWORD) => signInAs(ready, demoEmail(role), password),
    outbox: async () => {
      await ready.afterResponse.settled();
      // Mails leave when the change event wakes a delivery; here, every due one at once.
      await ready.mail.flush();
      return mailAsSent(ready);
    },
    mailsTo: async (to, subject) => {
      await ready.afterResponse.settled();
      await ready.mail.flush();
      return mailAsSent(ready, { to, subject });
    },
    secondInstance: async () => {
      const second = url ? await openDatabase({ kind: 'postgres', url }) : null;
      const other = await buildApp({
        config,
        database: second ?? database,
        mailer: createMailer({ smtpUrl: null }),
        storage,
      });
      await other.ready();
      return {
        app: other,
        close: async () => {
          await other.close();
          await second?.close();
        },
      };
    },
    close: async () => {
      await ready.close();
      await database.close();
      await drop();
      rmSync(filesDir, { recursive: true, force: true });
    },
  };
}

/**
 * The test file's one app, built before its tests and closed after them: `const t = appForFile();` at the top
 * of the file. The object is filled in by the file's first beforeAll, so it is read only in tests and hooks.
 */
export function appForFile(configOverrides: Partial<Config> = {}): TestApp {
  // Empty until beforeAll fills it; nothing reads it earlier (see above).
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await buildTestApp(configOverrides));
  });
  afterAll(async () => {
    // Not built when buildTestApp threw: there is nothing to close.
    if ('close' in t) await t.close();
  });
  return t;
}

export async function signInAs(app: FastifyInstance, email: string, password: string): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password } });
  if (response.statusCode !== 200) {
    throw new Error(`Sign-in of ${email} failed: ${response.statusCode} ${response.body}`);
  }
  return sessionCookieOf(response.cookies);
}

/** The Cookie header a browser would send back after a response that set the session cookie. */
export function sessionCookieOf(cookies: { name: string; value: string }[]): string {
  const cookie = cookies.find((c) => c.name === SESSION_COOKIE);
  if (!cookie?.value) throw new Error('The response set no session cookie');
  return `${SESSION_COOKIE}=${cookie.value}`;
}

type OpenedDatabase = { database: DatabaseHandle; drop: () => Promise<void>; url: string | null };

async function openTemplatePglite(): Promise<OpenedDatabase> {
  const templatePath = inject('pgliteTemplatePath');
  if (!templatePath) throw new Error('No PGlite template: is test/global-setup.ts the globalSetup of this project?');
  const loadDataDir = new Blob([readFileSync(templatePath)], { type: 'application/x-gzip' });
  const database = await openDatabase({ kind: 'pglite', dataDir: null, loadDataDir });
  return { database, drop: async () => {}, url: null };
}

async function openServerDatabase(serverUrl: string): Promise<OpenedDatabase> {
  const name = `${inject('testDatabasePrefix')}_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database "${name}"`);
  const drop = () => admin(`drop database if exists "${name}" with (force)`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    return { database: await openDatabase({ kind: 'postgres', url: url.toString() }), drop, url: url.toString() };
  } catch (error) {
    await drop();
    throw error;
  }
}

/** The decoded text body of an .eml the outbox mailer wrote (nodemailer uses quoted-printable). */
export function mailText(eml: string): { headers: string; text: string } {
  const split = eml.search(/\r?\n\r?\n/);
  const headers = eml.slice(0, split);
  const body = eml.slice(split).replace(/^\r?\n\r?\n/, '');
  if (!/^content-transfer-encoding:\s*quoted-printable/im.test(headers)) return { headers, text: body };
  const latin1 = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return { headers, text: Buffer.from(latin1, 'latin1').toString('utf8') };
}
