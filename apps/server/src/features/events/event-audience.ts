// Which change events a user's live stream carries: only events about what the user may see. An
// event names a resource and an id; a user receives it when its role opens the resource's module and,
// for a role that sees only its own records (consultant), when the record is one of its own; 'my_tasks'
// (a change to the tasks assigned to a user) reaches that user only.
// A resource with no rule here reaches no one: a new module declares its audience before its events flow.
import {
  BRANDING_SETTINGS_KEY,
  can,
  type ChangeEvent,
  canOpenModule,
  DISPLAY_SETTING_KEY,
  type Module,
  type ModuleAccess,
  MY_TASKS_EVENT,
  NOTIFICATION_EVENT,
  ROLE_RESTRICTIONS,
  TIMESHEET_EVENT,
} from '@crm/domain';
import type { Executor } from '../../db/database.ts';
import { CONTRACT_EVENT } from '../contracts/contracts.service.ts';
import { MAIL_EVENT } from '../../platform/mail/mail-queue.ts';
import { WEBHOOK_EVENT } from '../../platform/webhooks/webhook-queue.ts';
import { isUuid, type Viewer } from '../../db/list-query.ts';
import { isRecordVisible, type RecordResource } from './event-audience.repository.ts';

// The security settings hold the password policy every password form checks (decision 0032); the event
// names only the key, never the values.
const EVERYONE_SETTINGS = new Set([
  DISPLAY_SETTING_KEY,
  BRANDING_SETTINGS_KEY,
  'general_settings',
  'security_settings',
]);

/** The module each record resource belongs to. */
const RECORD_MODULES: Record<string, Module> = { lead: 'leads', client: 'clients', contact: 'contacts' };

export async function mayReceive(
  db: Executor,
  viewer: Viewer,
  moduleAccess: ModuleAccess,
  event: ChangeEvent,
): Promise<boolean> {
  // Module access changed: every open screen re-reads what it may show.
  if (event.resource === 'role_permissions') return true;
  // A backup was restored (features/backups): everything on every screen may have changed.
  if (event.resource === 'database') return true;
  // The firm's display setting and branding (with the company name of the general settings) are read by
  // every screen of every user.
  if (event.resource === 'settings') return EVERYONE_SETTINGS.has(event.id ?? '');
  // A user's own account; other users' changes only for those who administer users.
  if (event.resource === 'user') return event.id === viewer.id || canOpenModule(viewer.role, 'admin', moduleAccess);
  // A user's notifications (its id): their bell only.
  if (event.resource === NOTIFICATION_EVENT) return event.id === viewer.id;
  // A change to the tasks assigned to a user (its id): their My Tasks and reminders, and no one else's.
  if (event.resource === MY_TASKS_EVENT)
    return event.id === viewer.id && canOpenModule(viewer.role, 'my_tasks', moduleAccess);
  // Invoices and receipts are the Finance module's: every user who opens it sees them all.
  if (event.resource === 'invoice') return canOpenModule(viewer.role, 'finance', moduleAccess);
  // A user's timesheet (its id: the author): the author, and whoever approves timesheets (decision 0019).
  if (event.resource === TIMESHEET_EVENT)
    return event.id === viewer.id || can(viewer.role, 'timesheet:approve', moduleAccess);
  // The service catalogue: everyone who reads it for the service form (service-types.routes.ts).
  if (event.resource === 'service_types')
    return can(viewer.role, 'leads:edit', moduleAccess) || can(viewer.role, 'clients:edit', moduleAccess);
  // The Mail log is Administration's; who queued a mail hears how it went (their toast says sent or queued).
  if (event.resource === MAIL_EVENT)
    return canOpenModule(viewer.role, 'admin', moduleAccess) || (event.actorId !== null && event.actorId === viewer.id);
  // The document library and the webhook deliveries (Settings → Integrations) are Administration's.
  if (event.resource === 'document' || event.resource === WEBHOOK_EVENT)
    return canOpenModule(viewer.role, 'admin', moduleAccess);
  // Contracts: everyone who opens the Contract Manager lists them all, and a record's Contracts tab follows.
  if (event.resource === CONTRACT_EVENT) return can(viewer.role, 'contracts:view', moduleAccess);
  const recordModule = RECORD_MODULES[event.resource];
  if (!recordModule || !canOpenModule(viewer.role, recordModule, moduleAccess)) return false;
  if (ROLE_RESTRICTIONS[viewer.role].scope === 'all') return true;
  if (!event.id || !isUuid(event.id)) return false;
  return isRecordVisible(db, viewer, event.resource as RecordResource, event.id);
}
