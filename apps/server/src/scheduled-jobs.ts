// Every job the app runs, handed to the job runner: the features' jobs beside the platform's deliveries.
// Only the app's composition (app.ts) knows them all; the runner knows none by name.
import { scheduledBackupJob } from './features/backups/scheduled-backup.job.ts';
import { taskRemindersJob } from './features/tasks/task-reminders.job.ts';
import type { ScheduledJob } from './jobs/job-definition.ts';
import { mailDeliveryJob } from './jobs/mail-delivery.job.ts';
import { webhookDeliveryJob } from './jobs/webhook-delivery.job.ts';

export const SCHEDULED_JOBS: readonly ScheduledJob[] = [
  taskRemindersJob,
  scheduledBackupJob,
  mailDeliveryJob,
  webhookDeliveryJob,
];
