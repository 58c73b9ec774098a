// Builds the HTTP app: plugins first, then one route plugin per feature, then the web app.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { ENQUIRY_PAGE_PATH } from '@crm/domain';
import { appUrlOf, type Config } from './config.ts';
import type { Database, DatabaseHandle } from './db/database.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { installationId } from './features/backups/installation.repository.ts';
import { clientsRoutes } from './features/clients/clients.routes.ts';
import { convertLeadInTransaction } from './features/clients/conversion.service.ts';
import { contactsRoutes } from './features/contacts/contacts.routes.ts';
import { dashboardRoutes } from './features/dashboard/dashboard.routes.ts';
import { eventsRoutes } from './features/events/events.routes.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { leadsRoutes } from './features/leads/leads.routes.ts';
import { profileRoutes } from './features/profile/profile.routes.ts';
import { recordsRoutes } from './features/records/records.routes.ts';
import { mailLogRoutes } from './features/mail/mail-log.routes.ts';
import { phoneNumberReviewRoutes } from './features/records/phone-number-review.routes.ts';
import { type AccessPolicy, createAccessPolicy } from './features/roles/access-policy.ts';
import { servicesRoutes } from './features/services/services.routes.ts';
import { serviceTypesRoutes } from './features/service-types/service-types.routes.ts';
import { tasksRoutes } from './features/tasks/tasks.routes.ts';
import { invoicesRoutes } from './features/invoices/invoices.routes.ts';
import { clientMoneyRoutes } from './features/client-money/client-money.routes.ts';
import { contractsRoutes } from './features/contracts/contracts.routes.ts';
import { importsRoutes } from './features/imports/imports.routes.ts';
import { timesheetsRoutes } from './features/timesheets/timesheets.routes.ts';
import { enquiryFormRoutes } from './features/forms/enquiry-form.routes.ts';
import { readEnquiryFormSettings } from './features/forms/enquiry-form.service.ts';
import { settingsRoutes } from './features/settings/settings.routes.ts';
import { staffingRoutes } from './features/staffing/staffing.routes.ts';
import { backupsRoutes } from './features/backups/backups.routes.ts';
import { auditLogsRoutes } from './features/audit/audit-logs.routes.ts';
import { deletedItemsRoutes } from './features/deleted-items/deleted-items.routes.ts';
import { documentsRoutes } from './features/documents/documents.routes.ts';
import { jobsRoutes } from './features/jobs/jobs.routes.ts';
import { notificationsRoutes } from './features/notifications/notifications.routes.ts';
import { recordExportRoutes } from './features/records/record-export.routes.ts';
import { recordHistoryRoutes } from './features/records/record-history.ts';
import { rolesRoutes } from './features/roles/roles.routes.ts';
import { readGeneralSettings } from './platform/settings/settings.repository.ts';
import { GENERAL_SETTINGS_KEY } from './features/settings/settings.service.ts';
import { createFirmMailer, type FirmMailer } from './platform/settings/firm-mailer.ts';
import { type BrandingCache, brandingMeta, createBrandingCache } from './features/settings/branding.service.ts';
import { createSecretBox, type SecretBox, settingsSecretKey } from './platform/settings/secret-box.ts';
import { userManagementRoutes } from './features/users/user-management.routes.ts';
import { usersRoutes } from './features/users/users.routes.ts';
import { createJobRunner, type JobRunner } from './jobs/job-runner.ts';
import { SCHEDULED_JOBS } from './scheduled-jobs.ts';
import { MAIL_DELIVERY_JOB } from './jobs/mail-delivery.job.ts';
import { createMailDelivery, type MailDelivery } from './platform/mail/mail-delivery.ts';
import { MAIL_EVENT } from './platform/mail/mail-queue.ts';
import { createWebhookDelivery, type WebhookDelivery } from './platform/webhooks/webhook-delivery.ts';
import { WEBHOOK_EVENT } from './platform/webhooks/webhook-queue.ts';
import { WEBHOOK_DELIVERY_JOB } from './jobs/webhook-delivery.job.ts';
import { type AfterResponse, createAfterResponse } from './plugins/after-response.ts';
import { type ChangeHub, createChangeHub } from './plugins/change-hub.ts';
import { closedValidatorCompiler, registerClosedInputs } from './plugins/closed-schemas.ts';
import { registerCompression } from './plugins/compression.ts';
import { answerFrameworkError, AppError, registerErrorHandler } from './plugins/errors.ts';
import type { Mailer } from './plugins/mail.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { registerRequestLog } from './plugins/logging.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { type RegisteredRoute, registerRouteAccess } from './plugins/route-access.ts';
import { createIndexHtmlSender, registerSecurityHeaders } from './plugins/security-headers.ts';
import { allowedOrigins, registerSession } from './plugins/session.ts';
import { staticCacheHeaders } from './plugins/static-cache.ts';
import { type FileStorage, localDiskStorage } from './storage/file-storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    dbKind: DatabaseHandle['kind'];
    config: Config;
    /** The firm's mailer: the email provider of Integrations, else the server's mail interface. */
    mailer: FirmMailer;
    /** Seals the secrets kept in settings (SMTP password, API keys). */
    secretBox: SecretBox;
    /** The firm's branding as every page is sent with it (refreshed on settings events). */
    branding: BrandingCache;
    /** Sends notification mails after their transaction commits (woken by the change event). */
    /** Delivers the Mail log's queued messages (features/mail). */
    mail: MailDelivery;
    /** Delivers the queued webhook events (platform/webhooks). */
    webhooks: WebhookDelivery;
    accessPolicy: AccessPolicy;
    changeHub: ChangeHub;
    routeRegistry: RegisteredRoute[];
    afterResponse: AfterResponse;
    storage: FileStorage;
    /** The one job mechanism (src/jobs): main.ts starts it; a test app only when a test asks. */
    jobs: JobRunner;
  }
}

export type BuildAppOptions = {
  config: Config;
  database: DatabaseHandle;
  mailer: Mailer;
  logger?: FastifyServerOptions['logger'];
  /** Where uploaded files go; the local disk under the data folder by default. */
  storage?: FileStorage;
};

const FEATURE_ROUTES = [
  healthRoutes,
  authRoutes,
  profileRoutes,
  eventsRoutes,
  usersRoutes,
  userManagementRoutes,
  rolesRoutes,
  auditLogsRoutes,
  recordHistoryRoutes,
  recordExportRoutes,
  deletedItemsRoutes,
  documentsRoutes,
  jobsRoutes,
  notificationsRoutes,
  backupsRoutes,
  // A lead saved as Converted to Client becomes a client: the clients feature's conversion, handed over here.
  (instance: FastifyInstance) => leadsRoutes(instance, { convert: convertLeadInTransaction }),
  clientsRoutes,
  recordsRoutes,
  phoneNumberReviewRoutes,
  mailLogRoutes,
  contactsRoutes,
  dashboardRoutes,
  settingsRoutes,
  servicesRoutes,
  serviceTypesRoutes,
  tasksRoutes,
  invoicesRoutes,
  clientMoneyRoutes,
  importsRoutes,
  staffingRoutes,
  timesheetsRoutes,
  contractsRoutes,
  enquiryFormRoutes,
] as const;

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    // registerRequestLog writes one line per request instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: options.config.trustProxy,
    bodyLimit: 6 * 1024 * 1024,
    frameworkErrors: answerFrameworkError,
  });
  app.setValidatorCompiler(closedValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const accessPolicy = createAccessPolicy(options.database.db);
  await accessPolicy.reload();
  // Made on the first start, so that the first backup already finds it (docs/decisions/0028).
  await installationId(options.database.db);
  // Debug mode (System Settings) turns every process's log to debug level; off, back to LOG_LEVEL.
  const followDebugMode = async () => {
    const { debugMode } = await readGeneralSettings(options.database.db);
    app.log.level = debugMode ? 'debug' : options.config.logLevel;
  };
  await followDebugMode();
  const secretBox = createSecretBox(() => settingsSecretKey(options.config.settingsSecretKey, options.config.dataDir));
  const mailer = createFirmMailer(options.mailer, options.database.db, secretBox, {
    allowPrivateAddresses: options.config.smtpAllowPrivate,
  });
  await mailer.refresh();
  const branding = createBrandingCache(options.database.db);
  await branding.refresh();
  const storage = options.storage ?? localDiskStorage(join(options.config.dataDir, 'files'));
  // Its retries are jobs (created below): the job runner is read when a retry is due, not now.
  let jobs: JobRunner | null = null;
  const mail = createMailDelivery({
    db: options.database.db,
    mailer,
    storage,
    log: app.log,
    appUrl: appUrlOf(options.config),
    // Without a runner (a test app that did not start one) the row's own due time still holds the retry:
    // the next delivery run, woken or scheduled, takes it then.
    scheduleRetry: async (at) => {
      if (jobs?.isRunning()) await jobs.send(MAIL_DELIVERY_JOB, {}, { startAfter: at });
    },
  });
  const webhooks = createWebhookDelivery({
    db: options.database.db,
    secretBox,
    allowPrivate: options.config.webhookAllowPrivate,
    log: app.log,
    scheduleRetry: async (at) => {
      if (jobs?.isRunning()) await jobs.send(WEBHOOK_DELIVERY_JOB, {}, { startAfter: at });
    },
  });
  const changeHub = createChangeHub((event) => {
    if (event.resource === MAIL_EVENT && event.action === 'QUEUED') mail.wake();
    if (event.resource === WEBHOOK_EVENT && event.action === 'QUEUED') webhooks.wake();
    if (event.resource === 'settings') {
      mailer.refresh().catch((error: unknown) => app.log.warn({ err: error }, 'mail settings not read'));
      branding.refresh().catch((error: unknown) => app.log.warn({ err: error }, 'branding not read'));
    }
    if (event.resource === 'role_permissions') void accessPolicy.reload();
    if (event.resource === 'settings' && event.id === GENERAL_SETTINGS_KEY) {
      followDebugMode().catch((error: unknown) => app.log.warn({ err: error }, 'debug mode not followed'));
    }
  });
  const routeRegistry: RegisteredRoute[] = [];

  app.decorate('db', options.database.db);
  app.decorate('dbKind', options.database.kind);
  app.decorate('config', options.config);
  app.decorate('secretBox', secretBox);
  app.decorate('branding', branding);
  app.decorate('mail', mail);
  app.decorate('webhooks', webhooks);
  app.decorate('mailer', mailer);
  app.decorate('accessPolicy', accessPolicy);
  app.decorate('changeHub', changeHub);
  app.decorate('routeRegistry', routeRegistry);
  app.decorate('storage', storage);
  const afterResponse = createAfterResponse(app.log);
  app.decorate('afterResponse', afterResponse);
  app.addHook('onClose', async () => afterResponse.settled());
  app.addHook('onClose', async () => mail.close());
  app.addHook('onClose', async () => webhooks.close());

  const unlisten = await options.database.listen(changeHub.dispatch);
  app.addHook('onClose', async () => unlisten());
  jobs = createJobRunner({
    jobs: SCHEDULED_JOBS,
    database: options.database,
    mailer,
    mail,
    webhooks,
    storage: app.storage,
    config: options.config,
    log: app.log,
    changeHub,
  });
  app.decorate('jobs', jobs);
  // Before the caller closes the database: pg-boss shares the PGlite instance, and its handlers use the db.
  app.addHook('onClose', async () => jobs.stop());

  registerErrorHandler(app);
  registerRequestLog(app);
  await registerSecurityHeaders(app);
  // Before any route: it hooks into each route as it is added.
  await registerCompression(app);
  await app.register(cookie);
  registerRouteAccess(app, routeRegistry);
  registerSession(app, allowedOrigins(options.config.appUrl, options.config.trustedOrigins));
  registerInputGuard(app);
  registerClosedInputs(app);
  await registerOpenApi(app);
  for (const routes of FEATURE_ROUTES) await app.register(routes);

  registerWebApp(app, options.config.webDistDir);
  return app;
}

/** Serves the built web app; any non-API path falls back to index.html (client-side routes). */
function registerWebApp(app: FastifyInstance, webDistDir: string | null) {
  const hasWeb = webDistDir !== null && existsSync(join(webDistDir, 'index.html'));
  // index.html only through sendIndexHtml, which gives each copy its CSP nonce and the firm's branding.
  const sendIndexHtml = hasWeb
    ? createIndexHtmlSender(
        join(webDistDir, 'index.html'),
        () => brandingMeta(app.branding.current()),
        () => app.branding.current()?.companyName ?? null,
      )
    : null;
  if (hasWeb) {
    void app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      // The build writes a .br and a .gz copy beside each file; a browser that accepts one gets it.
      preCompressed: true,
      globIgnore: ['index.html', '**/*.br', '**/*.gz'],
      setHeaders: staticCacheHeaders(webDistDir),
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    // A file under /assets/ that is not there (an old page asking for a chunk of an earlier build) is a
    // 404, not the page: the browser would otherwise run index.html as a script.
    const isAsset = request.url.startsWith('/assets/');
    if (request.url.startsWith('/api') || isAsset || !sendIndexHtml || !['GET', 'HEAD'].includes(request.method)) {
      throw new AppError('NOT_FOUND', `No route ${request.method} ${request.url.split('?')[0]}`);
    }
    // The public enquiry page may be framed by the sites the firm lists, and by no other (decision 0021).
    if (request.url.split('?')[0] === ENQUIRY_PAGE_PATH) {
      const { frameOrigins } = await readEnquiryFormSettings(app.db);
      return sendIndexHtml(reply, frameOrigins);
    }
    return sendIndexHtml(reply);
  });
}
