// Reads the environment once. Every setting has a default that works on a fresh machine.
import { resolve } from 'node:path';

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  seedDemo: boolean;
  demoPassword: string;
  smtpUrl: string | null;
  appUrl: string | null;
  /** Which proxies' X-Forwarded-* headers to believe (Fastify trustProxy). */
  trustProxy: boolean | string;
  trustedOrigins: string[];
  logLevel: string;
  webDistDir: string | null;
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
    appUrl: env.APP_URL?.trim() || null,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    trustedOrigins: (env.TRUSTED_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    logLevel: env.LOG_LEVEL ?? 'info',
    webDistDir: env.WEB_DIST_DIR === '' ? null : resolve(env.WEB_DIST_DIR ?? resolve(repoRoot, 'apps/web/dist')),
  };
}

/** By default only proxies on this machine or a private network are believed; TRUST_PROXY=true believes any. */
function parseTrustProxy(value: string | undefined): boolean | string {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return value?.trim() || 'loopback,linklocal,uniquelocal';
}
