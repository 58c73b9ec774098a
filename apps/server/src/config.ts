// Reads the environment once. Every setting has a default that works on a fresh machine.
import { resolve } from 'node:path';
import type { Limit } from './plugins/rate-limiter.ts';

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  seedDemo: boolean;
  demoPassword: string;
  smtpUrl: string | null;
  /**
   * Whether the email provider saved in Integrations may be a loopback, link-local or private address
   * (SMTP_ALLOW_PRIVATE=true: an on-premises relay). SMTP_URL is the operator's and is never checked.
   */
  smtpAllowPrivate: boolean;
  /**
   * Whether the webhook URL saved in Integrations may be a loopback, link-local or private address, and then
   * plain http to such an address (WEBHOOK_ALLOW_PRIVATE=true: a receiver on the firm's own network).
   */
  webhookAllowPrivate: boolean;
  /** Encrypts the secrets kept in settings (SMTP password, API keys); a key file in the data folder when unset. */
  settingsSecretKey: string | null;
  /**
   * Signs every backup (HMAC-SHA256 over its manifest); required with DATABASE_URL, the same on every server.
   * Without it on the embedded database, a key file in the data folder (features/backups/backup-signing.ts).
   */
  backupSigningKey: string | null;
  /** Keys backups were signed with before BACKUP_SIGNING_KEY changed: still accepted by a restore. */
  backupSigningKeysPrevious: string[];
  appUrl: string | null;
  /** Which proxies' X-Forwarded-* headers to believe (Fastify trustProxy); none unless TRUST_PROXY says. */
  trustProxy: boolean | string;
  trustedOrigins: string[];
  logLevel: string;
  webDistDir: string | null;
  limits: RequestLimits;
};

/** Limits on attempts that are no business action of their own (lead creation has the spec's own limit). */
export type RequestLimits = {
  /** Failed sign-ins and wrong current passwords from one client address, over all accounts. */
  signInFailuresPerAddress: Limit;
  /** Reset mails to one address (beyond it the answer stays the same and no mail goes out). */
  resetMailsPerEmail: Limit;
  /** Reset requests from one client address. */
  resetRequestsPerAddress: Limit;
};

const MINUTE = 60_000;

export const DEFAULT_LIMITS: RequestLimits = {
  signInFailuresPerAddress: { count: 30, windowMs: 15 * MINUTE },
  resetMailsPerEmail: { count: 3, windowMs: 60 * MINUTE },
  resetRequestsPerAddress: { count: 20, windowMs: 60 * MINUTE },
};

const repoRoot = resolve(import.meta.dirname, '../../..');

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const databaseUrl = env.DATABASE_URL?.trim() || null;
  return {
    port: Number.parseInt(env.PORT ?? '3000', 10),
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.DATA_DIR ?? resolve(repoRoot, 'data')),
    databaseUrl,
    // The embedded default always gets demo users; a server database only when asked.
    seedDemo: databaseUrl === null || env.SEED_DEMO === '1',
    demoPassword: env.DEMO_PASSWORD ?? 'Demo-Password-1!',
    smtpUrl: env.SMTP_URL?.trim() || null,
    smtpAllowPrivate: env.SMTP_ALLOW_PRIVATE?.trim() === 'true',
    webhookAllowPrivate: env.WEBHOOK_ALLOW_PRIVATE?.trim() === 'true',
    settingsSecretKey: env.SETTINGS_SECRET_KEY?.trim() || null,
    backupSigningKey: env.BACKUP_SIGNING_KEY?.trim() || null,
    backupSigningKeysPrevious: (env.BACKUP_SIGNING_KEY_PREVIOUS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    appUrl: env.APP_URL?.trim() || null,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    trustedOrigins: (env.TRUSTED_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    logLevel: env.LOG_LEVEL ?? 'info',
    webDistDir: env.WEB_DIST_DIR === '' ? null : resolve(env.WEB_DIST_DIR ?? resolve(repoRoot, 'apps/web/dist')),
    limits: {
      ...DEFAULT_LIMITS,
      signInFailuresPerAddress: {
        ...DEFAULT_LIMITS.signInFailuresPerAddress,
        count: positiveInt(env.SIGN_IN_ADDRESS_LIMIT) ?? DEFAULT_LIMITS.signInFailuresPerAddress.count,
      },
    },
  };
}

/**
 * No proxy is believed unless TRUST_PROXY names it: otherwise any client could claim another address
 * (defeating the per-address limits) or another host (defeating the cross-site check) with a header.
 */
function parseTrustProxy(value: string | undefined): boolean | string {
  const v = value?.trim();
  if (!v || v === 'false') return false;
  if (v === 'true') return true;
  return v;
}

function positiveInt(value: string | undefined): number | undefined {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/**
 * The address put in mailed links: APP_URL, or localhost on our port. Never taken from the request (its
 * Host or X-Forwarded-Host could be forged to send a victim a link to another site).
 */
export function appUrlOf(config: Config): string {
  return config.appUrl ?? `http://localhost:${config.port}`;
}
