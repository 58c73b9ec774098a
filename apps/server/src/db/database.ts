// Opens the one database: embedded PGlite in a data folder, or a PostgreSQL server with DATABASE_URL.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';
import { acquireDataDirLock } from './data-dir-lock.ts';
import { backfillContactNumbers } from './backfill-contact-numbers.ts';

/**
 * Both drivers expose the same Drizzle PostgreSQL API; we type every caller against the
 * node-postgres flavour so that features never branch on the driver.
 */
export type Database = NodePgDatabase<typeof schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Executor = Database | Transaction;

export const CHANGE_CHANNEL = 'crm_changes';

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /**
   * What the job runner (src/jobs) connects through: the one PGlite instance itself (a second connection
   * to an embedded database is impossible), or the server's URL for a pool of its own.
   */
  connection: { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; url: string };
  /** Subscribe to NOTIFY on the change channel; resolves to an unsubscribe function. */
  listen: (onPayload: (payload: string) => void) => Promise<() => Promise<void>>;
  /**
   * Calls `listener` with every statement issued through `db` from now on; returns the way to stop. The
   * list guard test counts and EXPLAINs a request's statements with it.
   */
  observeQueries: (listener: QueryListener) => () => void;
  close: () => Promise<void>;
};

export type QueryListener = (query: string, params: unknown[]) => void;

/** A Drizzle logger that tells the current listeners; none in production, so it costs a set lookup. */
function queryObservers() {
  const listeners = new Set<QueryListener>();
  return {
    logger: { logQuery: (query: string, params: unknown[]) => listeners.forEach((l) => l(query, params)) },
    observeQueries: (listener: QueryListener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

export type OpenOptions =
  { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string | null; loadDataDir?: Blob | File };

/** The database the configuration names: PostgreSQL at DATABASE_URL, else the embedded one in DATA_DIR. */
export const configuredDatabase = (config: { databaseUrl: string | null; dataDir: string }): OpenOptions =>
  config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir };

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') return openPostgres(options.url);
  return openPglite(options.dataDir, options.loadDataDir);
}

async function openPglite(dataDir: string | null, loadDataDir?: Blob | File): Promise<DatabaseHandle> {
  let releaseLock: () => void = () => {};
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    releaseLock = acquireDataDirLock(dataDir);
  }
  try {
    const client = await PGlite.create({
      ...(dataDir ? { dataDir: `${dataDir}/pgdata` } : {}),
      ...(loadDataDir ? { loadDataDir } : {}),
      extensions: { pg_trgm },
    });
    const observers = queryObservers();
    const db = drizzlePglite({ client, schema, casing: 'snake_case', logger: observers.logger }) as unknown as Database;
    await migratePglite(drizzlePglite({ client, casing: 'snake_case' }), {
      migrationsFolder: MIGRATIONS_FOLDER,
    });
    await backfillContactNumbers(db);
    return {
      db,
      kind: 'pglite',
      connection: { kind: 'pglite', client },
      observeQueries: observers.observeQueries,
      listen: async (onPayload) => {
        const unsubscribe = await client.listen(CHANGE_CHANNEL, onPayload);
        return async () => unsubscribe();
      },
      close: async () => {
        await client.close();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection the server ends (restart, admin command) makes the pool emit 'error'; with no
  // listener that would crash the process. The pool has already dropped that client; the next query
  // opens a new connection.
  pool.on('error', (error) => console.warn(`PostgreSQL closed an idle connection: ${error.message}`));
  const openClients = new Set<pg.PoolClient>();
  let lastClientClosed: (() => void) | undefined;
  pool.on('connect', (client) => openClients.add(client));
  pool.on('remove', (client) => {
    openClients.delete(client);
    if (openClients.size === 0) lastClientClosed?.();
  });
  const observers = queryObservers();
  const db = drizzleNodePg({ client: pool, schema, casing: 'snake_case', logger: observers.logger });
  await migrateNodePg(db, { migrationsFolder: MIGRATIONS_FOLDER });
  await backfillContactNumbers(db);
  return {
    db,
    kind: 'postgres',
    connection: { kind: 'postgres', url },
    observeQueries: observers.observeQueries,
    listen: async (onPayload) => {
      // LISTEN needs its own connection: a pooled one could be handed to another query.
      const listener = new pg.Client({ connectionString: url });
      await listener.connect();
      listener.on('notification', (msg) => {
        if (msg.channel === CHANGE_CHANNEL && msg.payload) onPayload(msg.payload);
      });
      listener.on('error', () => {});
      await listener.query(`LISTEN ${CHANGE_CHANNEL}`);
      return async () => {
        await listener.end().catch(() => {});
      };
    },
    close: async () => {
      // pool.end() resolves before its connections have closed; wait for them so that a caller dropping
      // the database right after (the test suite) never terminates a live connection.
      const allClosed = new Promise<void>((resolve) => {
        lastClientClosed = resolve;
      });
      await pool.end();
      if (openClients.size > 0) await allClosed;
    },
  };
}

/**
 * A gzipped data folder of a freshly migrated in-memory PGlite, to pass back as `loadDataDir`
 * (the test suite builds it once: starting from it is about three times faster than migrating).
 */
export async function dumpMigratedPglite(): Promise<Blob> {
  const client = await PGlite.create({ extensions: { pg_trgm } });
  try {
    await migratePglite(drizzlePglite({ client, casing: 'snake_case' }), { migrationsFolder: MIGRATIONS_FOLDER });
    return await client.dumpDataDir('gzip');
  } finally {
    await client.close();
  }
}

export async function ping(db: Executor): Promise<void> {
  await db.execute(sql`select 1`);
}
