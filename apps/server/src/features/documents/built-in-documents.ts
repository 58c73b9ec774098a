// The built-in documentation (spec 3 "Built-in documentation seed"), written for this product: what it is,
// who may do what, how administrators work, the five milestones, the data model and the daily workflow.
// The access matrix and the role comparison carry no text: theirs is generated from the live permission
// matrix when read (@crm/domain permission-documents.ts). Lists of statuses, sources and task types are
// taken from the domain, so the guide names exactly what the forms offer.
import {
  CLIENT_STATUSES,
  DEFAULT_SECURITY_SETTINGS,
  type GeneratedDocument,
  LEAD_SOURCES,
  LEAD_STATUSES,
  TASK_PRIORITIES,
  TASK_TYPES,
} from '@crm/domain';

export type BuiltInDocument = {
  key: string;
  title: string;
  category: string;
  description: string;
  /** Null: generated when read. */
  content: string | null;
};

const list = (items: readonly string[]) => items.map((item) => `- ${item}`).join('\n');

const generated = (key: GeneratedDocument, title: string, description: string): BuiltInDocument => ({
  key,
  title,
  category: 'Access Control',
  description,
  content: null,
});

const s = DEFAULT_SECURITY_SETTINGS;

/** In the order they are created (and numbered). */
export const BUILT_IN_DOCUMENTS: readonly BuiltInDocument[] = [
  generated(
    'access_matrix',
    'Access Matrix',
    'Which module each role may open and what it may do there, as the server enforces it now.',
  ),
  {
    key: 'project_overview',
    title: 'Project Overview',
    category: 'Overview',
    description: 'What the CRM is for, who uses it and how it is built.',
    content: `# Project Overview

This CRM is the staff tool of an Australian migration and visa advisory firm. Staff record prospective applicants (leads), turn them into clients when they engage the firm, sell services to them and track payment, plan the work as tasks and notes, invoice and issue receipts, and administer users, roles, settings and this document library.

## Who uses it
Seven roles, from Account Administrator to Guest. What each may open and do is in the Access Matrix and the Role Comparison, which are generated from the permission matrix in force.

## The main areas
- **Dashboard**: counts of leads and clients, recent activity, tasks due.
- **Leads and Clients**: one screen with the Leads, Clients and All Records lists, side panels with the record's details, services, tasks and notes and history; conversion of a lead to a client and reversion within 30 days.
- **Contacts**: leads archived out of the active pipeline, restorable as a lead or a client.
- **My Tasks**: every task assigned to the signed-in user, with daily reminders.
- **Finance and Sales**: the services overview, invoices (PDF, email, payments, credit notes), templates and receipts.
- **Administration**: User Management, Roles & Permissions, Audit Logs, Security, Deleted Items, System Settings and Documentation.

## How it is built
- A React web app, a Node (Fastify) API and a shared domain package holding every rule, status list and message, so the screens and the server never disagree.
- PostgreSQL for everything that must hold across server processes (records, sessions, limits, locks, scheduled jobs); an embedded PostgreSQL when no server is configured.
- Every write is checked by the server, runs in one transaction, is written to the audit log and announced to every open screen, which refreshes live.
- Times are stored in UTC and shown in the firm's time zone and date format; money is stored as exact decimals.`,
  },
  {
    key: 'permission_policies',
    title: 'Permission Policies',
    category: 'Policies',
    description: 'The rules behind every permission decision and where they are enforced.',
    content: `# Permission Policies

## Principles
- **The server decides.** Every API route declares the permission it needs; a route without one does not start. Hiding a button in the browser is a convenience, never the protection.
- **Refusals are clear.** A request the role may not make is answered 403 with a message naming what is missing; a record the user may not see is answered 404, as if it did not exist.
- **A permission is a module plus an action.** A role needs the module open (Roles & Permissions) and the action in its role (view, create, edit, delete, export, reports, assign, approve, manage users, manage settings).

## Record visibility
- Consultants see the leads, clients, contacts, services and tasks they created or are assigned to (manager, assistant manager, migration agent or task assignee). Every other role sees all records of the modules it opens.
- A list answers at most one page per request; the largest page depends on the role (Guest 10, Consultant 50, Team Lead 100, others 100).

## Deleting
- Leads, clients and services are deleted softly, to Deleted Items, by Administrators and Account Administrators; only an Account Administrator deletes forever.
- Supervisors never delete. Team Leads do not create leads.
- Exports are refused for Consultants and Guests.

## Administration
- Administration opens to Administrators and Account Administrators.
- Adding and deleting users, changing roles, exporting users, changing settings and role permissions, reading audit logs and security events are the Account Administrator's.
- There is always at least one active Account Administrator, and nobody suspends, deletes or changes the role of their own account.

## Changing permissions
An Account Administrator changes which modules a role may open in Roles & Permissions. The change is stored in the database, written to the audit log and enforced at once by every server process; the Access Matrix and Role Comparison documents follow it.`,
  },
  {
    key: 'user_administration',
    title: 'User Administration Workflows',
    category: 'Administration',
    description: 'Adding, inviting, suspending, resetting and removing staff accounts step by step.',
    content: `# User Administration Workflows

All of these are in Administration → User Management. Every step is written to the audit log with who did it and what changed.

## Add a user (Account Administrator)
1. Choose **Add User** and enter email, first name, last name and role.
2. Either create the account with a temporary password, shown once to give to the person, who must change it at first sign-in, or **invite** them: they receive an email with a link to set their own password.

## Change a role (Account Administrator)
Open the user's menu → **Manage User Role**, choose the role and save. The user's next request is judged by the new role.

## Suspend or activate (Administrators)
A suspended user cannot sign in and their open sessions end at once. Activate restores access. An Administrator cannot manage Account Administrator accounts.

## Reset a password (Administrators)
Send a reset link by email, or set a password manually (at least 12 characters, or the policy's minimum if higher, with the character kinds the password policy asks for). Reset attempts are limited per user.

## Delete a user (Account Administrator)
Choose who takes over the user's leads, clients and tasks. The account can no longer sign in and leaves every list; its history stays in the audit log.

## Sign-in protection
- Passwords follow the policy in System Settings → Security (default: at least ${s.passwordMinLength} characters${s.requireUppercase ? ', upper case' : ''}${s.requireLowercase ? ', lower case' : ''}${s.requireNumbers ? ', a digit' : ''}${s.requireSymbols ? ', a symbol' : ''}); an Account Administrator may raise the minimum (8 to 50) and switch each kind of character off or on.
- After ${s.maxLoginAttempts} failed sign-ins an account is locked for ${s.lockoutDurationMinutes} minutes.
- Sessions end after ${s.sessionTimeoutHours} hours; passwords expire after ${s.passwordExpiryDays} days.
- While maintenance mode is on, only administrators may sign in.`,
  },
  generated(
    'role_comparison',
    'Role Comparison',
    'The seven roles side by side: modules, records seen, page size and the key actions.',
  ),
  {
    key: 'milestone_1',
    title: 'Milestone 1: Foundation',
    category: 'Milestones',
    description: 'Sign-in, sessions, roles and permissions, the application shell and live updates.',
    content: `# Milestone 1: Foundation

## Delivered
- Sign-in with server-side sessions (the cookie holds a random token; the database keeps only its hash), sign-out, password reset by email, password change in My Profile.
- The seven roles and the permission matrix, enforced on every API route and mirrored in the menu and buttons.
- The application shell: sidebar (a drawer on phones), header with global search, light and dark themes, the user menu.
- Live updates: every change is announced through PostgreSQL and pushed to open screens, which refresh without reloading; the connection reconnects by itself.
- The audit log of every write, with old and new values.

## Done means
A new user signs in, sees only the modules their role opens, and sees a colleague's change appear without reloading.`,
  },
  {
    key: 'milestone_2',
    title: 'Milestone 2: Leads, Clients and Contacts',
    category: 'Milestones',
    description: 'The pipeline from first enquiry to client, and the archive.',
    content: `# Milestone 2: Leads, Clients and Contacts

## Delivered
- Leads and Clients lists with server-side search, filters, sorting and pages at any size; the combined All Records list.
- The lead form (person, visa situation, source and assignment) and the client form (status, dependents, passport and visa details) with the spec's validation and duplicate check on email and phone.
- Conversion of a lead to a client in one transaction, and 'Revert to Lead' within 30 days.
- Archive to Contacts and restore as a lead or a client; soft delete to Deleted Items.
- The Dashboard's counts and statistics.

## Lead statuses
${list(LEAD_STATUSES)}

## Client statuses
${list(CLIENT_STATUSES)}`,
  },
  {
    key: 'milestone_3',
    title: 'Milestone 3: Services, Tasks and Notes',
    category: 'Milestones',
    description: 'What is sold to each record, payment tracking, and the work to be done.',
    content: `# Milestone 3: Services, Tasks and Notes

## Delivered
- Services availed by a lead or client: category, fee, currency, payment terms, amounts paid and payment evidence; the payment status (Paid, Partially Paid, Unpaid, N/A) is derived, never typed.
- Tasks and notes on each record, with assignees, priority, start and due dates and rich text kept safe on the server.
- My Tasks for every user, and the daily reminder mail at 07:00 in the firm's time zone.
- History of each lead and client from the audit log.

## Task types
${list(TASK_TYPES)}

## Task priorities
${list(TASK_PRIORITIES.map((p) => p[0]!.toUpperCase() + p.slice(1)))}`,
  },
  {
    key: 'milestone_4',
    title: 'Milestone 4: Finance and Sales',
    category: 'Milestones',
    description: 'Invoices, payments, receipts, templates and the services overview.',
    content: `# Milestone 4: Finance and Sales

## Delivered
- Invoices with taxable and untaxed items, GST (10%, AUD) or VAT (12%, PHP), numbers that are unique and never reused, PDFs produced by the server and sending by email.
- Payments against an invoice, 'Mark as Paid', receipts repeating the invoice's figures exactly, and credit notes: an invoice that was emailed or paid is never deleted.
- Invoice templates with the business details and logo they print.
- The Services Overview: totals per currency, filters, charts, and CSV and Excel exports.

## Done means
An invoice is created from a template, paid, and its receipt printed; the overview's totals follow.`,
  },
  {
    key: 'milestone_5',
    title: 'Milestone 5: Administration',
    category: 'Milestones',
    description: 'Users, roles, audit, deleted items, settings, data in and out, and this library.',
    content: `# Milestone 5: Administration

## Delivered
- User Management: add or invite, roles, suspension, password resets, deletion handing records over, bulk actions, export.
- Roles & Permissions: the modules each role may open, stored and enforced at once.
- Audit Logs and Security events, with CSV export.
- Deleted Items: restore, or delete forever.
- System Settings: company details, time zone and date format, maintenance mode, security policy, branding, notifications, integrations, import and export, backup and restore, scheduled jobs.
- Documentation: this library, with control numbers, search, files, and the built-in guides.

## Done means
An administrator can run the firm's accounts, settings and records without help from a developer.`,
  },
  {
    key: 'database_schema',
    title: 'Database Schema',
    category: 'Technical',
    description: 'The main tables and how they relate.',
    content: `# Database Schema

PostgreSQL. Every business table has created_at, updated_at, created_by, updated_by and version (an edit names the version it read; a stale one is refused with 409).

| Table | What it holds |
| --- | --- |
| users | Staff accounts: name, email, phone, role, status, password hash, lockout and last sign-in |
| sessions | Signed-in sessions (hash of the token, expiry, IP address) |
| role_permissions | The modules a role may open when changed from the defaults |
| leads | Prospective applicants: person, visa situation, source, status, manager and assistants |
| clients | Engaged clients: status, visa and passport details, dependents, the lead they came from |
| contacts | Leads archived out of the pipeline |
| services | What a lead or client bought: category, fee, currency, terms, paid amount, evidence file |
| task_notes | Tasks and notes of a lead or client, with assignees and dates |
| invoices, invoice_payments, receipts | Finance documents; numbers from document_counters |
| invoice_templates | Business details and logo an invoice prints |
| audit_logs | Every change: who, when, what, old and new values, IP address |
| system_settings | Firm-wide settings (display, security, general, branding ...) |
| documents | This library: control number, title, category, version, content, file |
| job_runs | Each run of a scheduled job and its result |

## Relations
- A client may name the lead it was converted from; conversion moves the lead's services, tasks and invoices to the client.
- Services, tasks and notes belong to exactly one lead or client and follow it through conversion, archive, restore and deletion.
- Uploaded files are kept behind one storage interface; a table holds only the file's key.`,
  },
  {
    key: 'workflow_summary',
    title: 'Workflow Summary',
    category: 'Workflow',
    description: 'A client matter from first enquiry to visa decision, as the CRM records it.',
    content: `# Workflow Summary

1. **Enquiry.** A lead is created by staff or arrives from the public enquiry form (source Website). Duplicates by email or phone are refused.
2. **Screening and consultation.** The lead moves through the statuses from 'New Lead Received' to 'Consultation Completed'; tasks and notes record each call.
3. **Agreement.** 'Agreement Sent – Awaiting Signature', then 'Agreement Signed – Awaiting Payment'. Services are added with their fees; an invoice is issued.
4. **Conversion.** When the client engages, the lead is converted: the client keeps its services, tasks, notes and invoices. A mistaken conversion can be reverted within 30 days.
5. **The matter.** The client's status follows the application: assessment, documents, drafting, lodgement, further information, decision.
6. **Payment.** Payments are recorded against invoices; receipts are issued from paid invoices.
7. **Close.** A granted or refused visa, a completed or cancelled engagement. Records no longer active are archived to Contacts or deleted softly; nothing is lost until an Account Administrator deletes it forever.

## Lead sources
${list(LEAD_SOURCES)}`,
  },
  {
    key: 'field_reference',
    title: 'Lead and Task Field Reference',
    category: 'Technical',
    description: 'The fields of the lead and task forms and the rules they follow.',
    content: `# Lead and Task Field Reference

## Lead form
- First name, middle name, last name, gender, date of birth, nationality, country of residence
- Email and contact number (checked for duplicates against leads and clients)
- Application location (inside or outside Australia), current visa subclass, visa expiry date
- Visa applied for (only for bridging visas)
- Passport number and expiry
- Lead status and lead source; associate partner (required when the source is Associate Partner); branch office (required when the source is Branch Office)
- Assignee and co-assignee

## Lead rules
- The core fields are required.
- The date of birth is in the past; visa and passport expiry dates are in the future.

## Task form
- Title (at most 100 characters), description, priority (low, medium, high)
- At least one assignee
- Start date and due date; the due date is not before the start date`,
  },
  {
    key: 'security_policies',
    title: 'Security and Data Protection',
    category: 'Policies',
    description: 'How accounts, files and personal data are protected.',
    content: `# Security and Data Protection

- Passwords are stored only as slow salted hashes; sign-in attempts are limited and accounts lock after repeated failures.
- Sessions live on the server and end on sign-out, suspension, password change or timeout.
- Every form is validated by the server; bad input is refused with the field's message and changes nothing.
- Uploaded files are checked by their content, not their name, limited in size, kept outside the web folder and served only to signed-in staff as downloads.
- The audit log records every change with its old and new values and never holds a password or a token.
- Logs hold no personal data. Backups contain everything and are to be stored as securely as the database itself.`,
  },
];
