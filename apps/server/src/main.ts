// Starts the server: open the database (migrations apply), seed the demo data, listen, close cleanly.
import { buildApp } from './app.ts';
import { readConfig } from './config.ts';
import { DataDirInUseError } from './db/data-dir-lock.ts';
import { configuredDatabase, openDatabase } from './db/database.ts';
import { BackupKeyError, readBackupKeys } from './features/backups/backup-signing.ts';
import { loggerOptions } from './plugins/logging.ts';
import { createMailer } from './plugins/mail.ts';
import { seedDemoClients } from './seed/demo-clients.ts';
import { seedDemoContracts } from './seed/demo-contracts.ts';
import { seedDemoEnquiryForm } from './seed/demo-enquiry-form.ts';
import { seedDemoInvoices } from './seed/demo-invoices.ts';
import { seedDemoLeads } from './seed/demo-leads.ts';
import { seedDemoServices } from './seed/demo-services.ts';
import { seedDemoTasks } from './seed/demo-tasks.ts';
import { seedDemoTimesheets } from './seed/demo-timesheets.ts';
import { demoUsersBanner, seedDemoUsers } from './seed/demo-users.ts';

const config = readConfig();

async function main() {
  // Before anything: a server that could not sign or check a backup does not start (docs/decisions/0028).
  // On the embedded database the first start generates the key into the data folder.
  try {
    readBackupKeys(config);
  } catch (error) {
    if (error instanceof BackupKeyError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  let database;
  try {
    database = await openDatabase(configuredDatabase(config));
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const mailer = createMailer({ smtpUrl: config.smtpUrl });
  const app = await buildApp({
    config,
    database,
    mailer,
    logger: loggerOptions(config.logLevel),
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: closing`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  if (config.seedDemo) {
    const created = await seedDemoUsers(database.db, config.demoPassword);
    if (created.length > 0) console.log(`\n${demoUsersBanner(config.demoPassword)}\n`);
    const leadCount = await seedDemoLeads(database.db);
    if (leadCount > 0) console.log(`Seeded ${leadCount} demo leads.`);
    const demo = await seedDemoClients(database.db);
    if (demo.clients > 0)
      console.log(
        `Seeded ${demo.clients} demo clients (${demo.converted} converted from demo leads) and ${demo.contacts} contacts.`,
      );
    const serviceCount = await seedDemoServices(database.db, app.storage);
    if (serviceCount > 0) console.log(`Seeded ${serviceCount} demo services.`);
    const taskCount = await seedDemoTasks(database.db);
    if (taskCount > 0) console.log(`Seeded ${taskCount} demo tasks and notes.`);
    const timesheetCount = await seedDemoTimesheets(database.db);
    if (timesheetCount > 0) console.log(`Seeded ${timesheetCount} demo timesheet entries.`);
    const invoiceCount = await seedDemoInvoices(database.db);
    if (invoiceCount > 0) console.log(`Seeded ${invoiceCount} demo invoices with their payments and receipts.`);
    const contractCount = await seedDemoContracts(database.db);
    if (contractCount > 0) console.log(`Seeded ${contractCount} demo contracts and their templates.`);
    if (await seedDemoEnquiryForm(database.db)) console.log('Turned on the demo public enquiry form (/enquiry).');
  }
  await app.listen({ port: config.port, host: config.host });
  // After listening: pg-boss installs or migrates its schema on the first start (a few seconds).
  await app.jobs.start();
  const where = config.databaseUrl ? 'PostgreSQL server (DATABASE_URL)' : `embedded PostgreSQL in ${config.dataDir}`;
  console.log(`Visa CRM is running on http://localhost:${config.port} with the ${where}`);
  if (config.seedDemo)
    console.log(`Sign in as any demo user, e.g. account_administrator@example.com / ${config.demoPassword}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
