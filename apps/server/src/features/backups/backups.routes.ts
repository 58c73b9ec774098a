// /api/backups (issue 15 item 7): the backup download, the stored scheduled backups and the restore — all
// for account administrators only (a backup holds every passport number of the firm: SECURITY.md).
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BACKUP_MESSAGES,
  BACKUP_RETENTION,
  backupInspectionSchema,
  type BackupOverview,
  backupOverviewSchema,
  restoreResultSchema,
} from '@crm/domain';
import { nextDailyRun } from '../../jobs/daily-schedule.ts';
import { latestJobRuns } from '../../jobs/job-runs.ts';
import { BACKUP_TIME, SCHEDULED_BACKUP_JOB } from './scheduled-backup.job.ts';
import { actorOf } from '../../plugins/actor.ts';
import { AppError } from '../../plugins/errors.ts';
import { recordChange } from '../../platform/audit/record-change.ts';
import { readDisplaySetting, readGeneralSettings } from '../../platform/settings/settings.repository.ts';
import { inspectBackup, restoreBackup } from './backup-restore.ts';
import { markSigningKeyStored, readBackupKeys, unstoredSigningKey } from './backup-signing.ts';
import {
  backupFileName,
  backupToTemporaryFile,
  listStoredBackups,
  storedBackupKey,
  thisInstallation,
} from './backups.service.ts';

const access = {
  permission: 'admin:manage_settings',
  refusal: 'Only account administrators can take or restore backups',
} as const;

const okSchema = z.object({ ok: z.literal(true) });
const file = { 200: z.any().meta({ description: 'The backup (.tar.gz)', format: 'binary' }) };
const produces = ['application/gzip'];

/** A restore file may be as large as the firm's data; it goes to a temporary file, never into memory. */
const RESTORE_MAX_BYTES = 8 * 1024 * 1024 * 1024;

const sendBackup = (reply: FastifyReply, fileName: string, size: number, body: NodeJS.ReadableStream) =>
  reply
    .header('Content-Type', 'application/gzip')
    .header('Content-Length', size)
    .header('Content-Disposition', `attachment; filename="${fileName}"`)
    .header('Cache-Control', 'no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .send(body);

export async function backupsRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/backups',
    {
      config: { access },
      schema: {
        tags: ['backups'],
        summary: 'The stored scheduled backups (newest first), the auto backup setting and the next run',
        response: { 200: backupOverviewSchema },
      },
    },
    async (_request, reply): Promise<BackupOverview> => {
      const [{ autoBackup, companyName }, { timeZone }, runs, backups, installation] = await Promise.all([
        readGeneralSettings(app.db),
        readDisplaySetting(app.db),
        latestJobRuns(app.db),
        listStoredBackups(app.storage),
        thisInstallation(app.db),
      ]);
      const newSigningKey = unstoredSigningKey(readBackupKeys(app.config));
      // The answer may carry the generated key: no cache keeps it.
      reply.header('Cache-Control', 'no-store');
      const last = runs.find((run) => run.jobName === SCHEDULED_BACKUP_JOB);
      const hh = String(BACKUP_TIME.hour).padStart(2, '0');
      const mm = String(BACKUP_TIME.minute).padStart(2, '0');
      return {
        autoBackup,
        nextRunAt: autoBackup ? nextDailyRun(BACKUP_TIME, timeZone, new Date()).toISOString() : null,
        schedule: `Every day at ${hh}:${mm}`,
        timeZone,
        retention: BACKUP_RETENTION,
        lastRun: last
          ? {
              finishedAt: last.finishedAt.toISOString(),
              outcome: last.outcome as 'succeeded' | 'skipped' | 'failed',
              summary: last.summary,
            }
          : null,
        backups,
        installation: { id: installation, firmName: companyName },
        newSigningKey,
      };
    },
  );

  app.post(
    '/api/backups/signing-key/stored',
    {
      config: { access },
      schema: {
        tags: ['backups'],
        summary: 'Say the generated backup signing key is stored safely: it is not shown again',
        description:
          'On the embedded database the server generates its backup signing key into the data folder and shows ' +
          'it (GET /api/backups, newSigningKey) until an account administrator confirms here. Audited. Nothing to ' +
          'do when the key comes from BACKUP_SIGNING_KEY.',
        response: { 200: okSchema },
      },
    },
    async (request) => {
      const actor = await actorOf(request);
      const keys = readBackupKeys(app.config);
      if (unstoredSigningKey(keys) !== null) {
        markSigningKeyStored(keys);
        await recordChange(app.db, actor.ctx, {
          action: 'STORE_BACKUP_SIGNING_KEY',
          resourceType: 'SYSTEM',
          resourceId: null,
          newValues: { keyId: keys.signing.id },
        });
      }
      return { ok: true as const };
    },
  );

  app.get(
    '/api/backups/download',
    {
      config: { access },
      schema: {
        tags: ['backups'],
        summary: 'Take a backup now and download it: every table and every stored file, as .tar.gz',
        description:
          'A gzipped tar: one JSON-lines file per table (in chunks of 1,000 rows, in key order), the stored files, ' +
          'manifest.json (format version, migration id, time, which installation, row counts and SHA-256 of every ' +
          'table and file) and signature.json (HMAC-SHA256 of the manifest with the backup signing key). ' +
          'Sessions, reset links, rate-limit counters and job records are not in it (docs/decisions/0015). Audited.',
        produces,
        response: file,
      },
    },
    async (request, reply) => {
      const actor = await actorOf(request);
      const { signing } = readBackupKeys(app.config);
      const backup = await backupToTemporaryFile({ db: app.db, kind: app.dbKind }, app.storage, {
        signingKey: signing,
      });
      try {
        await recordChange(app.db, actor.ctx, {
          action: 'DOWNLOAD_BACKUP',
          resourceType: 'SYSTEM',
          resourceId: null,
          newValues: {
            rows: backup.manifest.tables.reduce((sum, t) => sum + t.rows, 0),
            files: backup.manifest.files.length,
            size: backup.size,
          },
        });
      } catch (error) {
        await backup.discard();
        throw error;
      }
      const body = createReadStream(backup.path);
      body.on('close', () => void backup.discard());
      return sendBackup(reply, backupFileName(new Date(backup.manifest.createdAt)), backup.size, body);
    },
  );

  app.get(
    '/api/backups/:id/download',
    {
      config: { access },
      schema: {
        tags: ['backups'],
        summary: 'Download a stored scheduled backup',
        params: z.object({ id: z.string().max(40) }),
        produces,
        response: file,
      },
    },
    async (request, reply) => {
      const actor = await actorOf(request);
      const key = storedBackupKey(request.params.id);
      const stored = key ? await app.storage.get(key) : undefined;
      if (!stored) throw new AppError('NOT_FOUND', BACKUP_MESSAGES.notFound);
      await recordChange(app.db, actor.ctx, {
        action: 'DOWNLOAD_BACKUP',
        resourceType: 'SYSTEM',
        resourceId: request.params.id,
        newValues: { size: stored.size },
      });
      return sendBackup(reply, `visa-crm-backup-${request.params.id}.tar.gz`, stored.size, stored.stream);
    },
  );

  await app.register(restoreRoute);
}

/** The multipart body description the API document shows (the handler reads the part itself). */
const uploadBody = z
  .object({ file: z.string().meta({ format: 'binary', description: 'A backup file (.tar.gz) of this version' }) })
  .partial()
  .nullish();

/** The uploaded backup in a temporary file for `use`, removed afterwards whatever happens. */
async function withUploadedBackup<T>(request: FastifyRequest, use: (path: string) => Promise<T>): Promise<T> {
  if (!request.isMultipart()) throw new AppError('VALIDATION_FAILED', BACKUP_MESSAGES.fileMissing);
  const folder = await mkdtemp(join(tmpdir(), 'visa-crm-restore-'));
  try {
    const path = join(folder, 'upload.tar.gz');
    try {
      const part = await request.file();
      if (!part || part.fieldname !== 'file') throw new AppError('VALIDATION_FAILED', BACKUP_MESSAGES.fileMissing);
      await pipeline(part.file, createWriteStream(path));
      if (part.file.truncated) throw new AppError('VALIDATION_FAILED', BACKUP_MESSAGES.notABackup);
    } catch (error) {
      if (error instanceof AppError) throw error;
      // A body that breaks off or is no multipart at all.
      throw new AppError('VALIDATION_FAILED', BACKUP_MESSAGES.fileMissing);
    }
    return await use(path);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

const checks =
  'The whole file is checked (format, manifest, the migration id equal to this server’s, the manifest’s ' +
  'signature with this server’s backup signing key, every checksum): a refusal answers 400 and changes nothing; ' +
  'an unsigned file, or one signed with another key, is refused here (only `npm run restore -- --accept-unsigned` ' +
  'takes it).';

/** In a plugin of its own: only these routes parse multipart bodies (one file, nothing else). */
async function restoreRoute(instance: FastifyInstance) {
  await instance.register(multipart, {
    limits: { fileSize: RESTORE_MAX_BYTES, files: 1, fields: 0, parts: 1, fieldNameSize: 50 },
  });
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/backups/inspect',
    {
      config: { access },
      schema: {
        tags: ['backups'],
        summary: 'Check a backup file (multipart, field "file") and say what it holds and who made it when',
        description: `${checks} Shown before a restore is confirmed: which installation made the backup (its id and the firm name then) and when, and whether it is this one. Changes nothing.`,
        consumes: ['multipart/form-data'],
        body: uploadBody,
        response: { 200: backupInspectionSchema },
      },
    },
    async (request) => {
      await actorOf(request);
      return withUploadedBackup(request, (path) =>
        inspectBackup({ db: app.db, keys: readBackupKeys(app.config) }, path),
      );
    },
  );

  app.post(
    '/api/backups/restore',
    {
      config: { access },
      schema: {
        tags: ['backups'],
        summary: 'Restore a backup file (multipart, field "file"): replaces every table and the stored files',
        description:
          `${checks} Then, in maintenance mode (non-administrators ` +
          'are signed out), the files are written and every table is replaced in one transaction; maintenance ' +
          'mode ends as the backup had it. Sessions stay: the restoring administrator stays signed in when the ' +
          'backup holds their user; this installation keeps its id. Audited; every open screen reloads.',
        consumes: ['multipart/form-data'],
        body: uploadBody,
        response: { 200: restoreResultSchema },
      },
    },
    async (request) => {
      const actor = await actorOf(request);
      return withUploadedBackup(request, (path) =>
        restoreBackup({ db: app.db, storage: app.storage, keys: readBackupKeys(app.config) }, actor.ctx, path),
      );
    },
  );
}
