// The public enquiry form (docs/decisions/0021): its settings, and an enquiry becoming a Website lead or,
// from someone already on file, a note on their record. The visitor gets the same answer either way, so the
// form never tells anyone whether an email is known.
import {
  DEFAULT_ENQUIRY_FORM_SETTINGS,
  DEFAULT_LEAD_SOURCE,
  DEFAULT_LEAD_STATUS,
  ENQUIRY_ADDRESS_LIMIT,
  ENQUIRY_FORM_MESSAGES,
  ENQUIRY_FORM_SETTING_KEY,
  ENQUIRY_TOKEN_USES,
  type EnquiryFormSettings,
  type EnquiryInput,
  enquiryFormSettingsSchema,
  importedLeadSchema,
  LEAD_CREATE_LIMIT,
  type LeadInput,
  type PublicEnquiryForm,
} from '@crm/domain';
import type { Database, Executor } from '../../db/database.ts';
import { AppError, fieldErrorsFromZod, validationError } from '../../plugins/errors.ts';
import { checkLimit, hitLimit, limitKey } from '../../plugins/rate-limiter.ts';
import { publishChange, recordChange, type RequestContext } from '../../platform/audit/record-change.ts';
import { findDuplicatePerson } from '../record-kit/person-duplicates.ts';
import { insertLead } from '../leads/leads.repository.ts';
import { findDuplicateClient, findDuplicateLead } from '../record-kit/person-duplicates.repository.ts';
import { formColumns } from '../leads/leads.service.ts';
import { alertLeadAssignees } from '../notifications/record-alerts.ts';
import { notify } from '../notifications/notifications.service.ts';
import { checkBirthDates } from '../record-kit/birth-dates.ts';
import { readSetting } from '../../platform/settings/settings.repository.ts';
import { saveSetting } from '../../platform/settings/save-setting.ts';
import { insertTask } from '../tasks/tasks.repository.ts';
import { checkAssignments } from '../users/assignments.ts';
import { managerOfRecord } from './enquiry-form.repository.ts';
import { enquiryTokenNonce, issueEnquiryToken } from './enquiry-token.ts';

export const readEnquiryFormSettings = (db: Executor): Promise<EnquiryFormSettings> =>
  readSetting(db, ENQUIRY_FORM_SETTING_KEY, enquiryFormSettingsSchema, DEFAULT_ENQUIRY_FORM_SETTINGS);

export async function saveEnquiryFormSettings(
  db: Database,
  ctx: RequestContext,
  next: EnquiryFormSettings,
): Promise<EnquiryFormSettings> {
  const before = await readEnquiryFormSettings(db);
  // The manager picker's rule (an active user it offers); an unchanged assignee passes as on a lead.
  await checkAssignments(
    db,
    { managerUserId: next.assigneeUserId, assistantManagerUserId: null, migrationAgentUserId: null },
    { managerUserId: before.assigneeUserId },
  ).catch(() => {
    throw validationError({ assigneeUserId: [ENQUIRY_FORM_MESSAGES.assigneeInvalid] });
  });
  const value = { ...next, frameOrigins: [...new Set(next.frameOrigins)] };
  await saveSetting(db, ctx, { key: ENQUIRY_FORM_SETTING_KEY, action: 'UPDATE_ENQUIRY_FORM', before, next: value });
  return readEnquiryFormSettings(db);
}

export async function publicEnquiryForm(db: Executor, key: Buffer): Promise<PublicEnquiryForm> {
  const settings = await readEnquiryFormSettings(db);
  if (!settings.enabled) return { open: false, message: ENQUIRY_FORM_MESSAGES.closed };
  return {
    open: true,
    title: settings.title,
    intro: settings.intro,
    fields: settings.fields,
    privacyNotice: settings.privacyNotice,
    token: issueEnquiryToken(key),
  };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The note a repeat enquiry leaves on the record: what they wrote, in the rich-text form notes keep. */
function enquiryNote(input: EnquiryInput): string {
  const name = `${input.firstName} ${input.lastName}`;
  const paragraphs = (input.message ?? '').split(/\n+/).filter((p) => p.trim().length > 0);
  return [
    `<p><strong>Website enquiry</strong> from ${escapeHtml(name)} (${escapeHtml(input.email)}, ${escapeHtml(input.contactNumber)})</p>`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
  ].join('');
}

export type EnquirySender = { ctx: RequestContext; address: string; key: Buffer };

const refused = () => new AppError('VALIDATION_FAILED', ENQUIRY_FORM_MESSAGES.refused);

/**
 * Takes one enquiry: closed form 409; honeypot, a token not ours, too old or used already, or a too-fast fill
 * 400 (the same words, telling a robot nothing); the address limit and the lead form's limit per email 429;
 * then the lead form's rules (its messages). A person already on file gets a note on their record and their
 * manager an alert.
 */
export async function submitEnquiry(db: Database, sender: EnquirySender, input: EnquiryInput): Promise<void> {
  const settings = await readEnquiryFormSettings(db);
  if (!settings.enabled) throw new AppError('CONFLICT', ENQUIRY_FORM_MESSAGES.closed);
  const address = await hitLimit(db, limitKey('enquiries-by-address', sender.address), ENQUIRY_ADDRESS_LIMIT);
  if (!address.allowed) throw new AppError('RATE_LIMITED', ENQUIRY_FORM_MESSAGES.rateLimited);
  const nonce = input.website ? null : enquiryTokenNonce(sender.key, input.token);
  if (nonce === null) throw refused();
  // A token is taken once (issue 28), in the rate limits' table: its one use within its life. Looked at here
  // so that a used token is refused before anything else; taken with the enquiry itself (below), so that an
  // enquiry refused by the lead form's rules leaves it for the corrected one, and of two sent at once only one
  // gets through.
  const tokenUse = limitKey('enquiry-token-used', nonce);
  if (!(await checkLimit(db, tokenUse, ENQUIRY_TOKEN_USES)).allowed) throw refused();
  const shown = new Set<string>(settings.fields);
  const parsed = importedLeadSchema.safeParse({
    firstName: input.firstName,
    lastName: input.lastName,
    dateOfBirth: input.dateOfBirth,
    nationality: input.nationality,
    countryOfResidence: input.countryOfResidence,
    email: input.email,
    contactNumber: input.contactNumber,
    applicantLocation: input.applicantLocation,
    // Fields the firm does not show are not taken, whatever a crafted request sends.
    ...Object.fromEntries(
      (['middleName', 'gender', 'currentVisaSubclass', 'visaExpiryDate', 'desiredVisa'] as const)
        .filter((f) => shown.has(f))
        .map((f) => [f, input[f]]),
    ),
    leadStatus: DEFAULT_LEAD_STATUS,
    leadSource: DEFAULT_LEAD_SOURCE,
    managerUserId: settings.assigneeUserId ?? undefined,
  });
  if (!parsed.success) throw validationError(fieldErrorsFromZod(parsed.error));
  await checkBirthDates(db, parsed.data);
  const perEmail = await hitLimit(db, limitKey('lead-creations-by-email', input.email), LEAD_CREATE_LIMIT);
  if (!perEmail.allowed) throw new AppError('RATE_LIMITED', ENQUIRY_FORM_MESSAGES.rateLimited);
  // Like an imported lead, it may name no manager (the schema allows it); the columns take null for it.
  const values = formColumns(parsed.data as LeadInput);
  await db.transaction(async (tx) => {
    if (!(await hitLimit(tx, tokenUse, ENQUIRY_TOKEN_USES)).allowed) throw refused();
    const manager = await activeAssignee(tx, settings.assigneeUserId);
    const duplicate = await findDuplicatePerson(tx, values);
    if (duplicate) {
      await addEnquiryNote(tx, sender.ctx, duplicate.table, values, input);
      return;
    }
    const row = await insertLead(tx, {
      ...values,
      managerUserId: manager,
      assistantManagerUserId: null,
      migrationAgentUserId: null,
    });
    await recordChange(tx, sender.ctx, {
      action: 'CREATE_LEAD',
      resourceType: 'LEAD',
      resourceId: row.id,
      newValues: { ...values, managerUserId: manager, via: 'Website enquiry form' },
      event: 'lead',
    });
    if (input.message?.trim()) {
      await insertTask(tx, { type: 'lead', id: row.id }, noteColumns(input));
    }
    await alertLeadAssignees(tx, sender.ctx, row);
  });
}

/** The chosen manager while still an active user the picker offers; otherwise the lead is Unassigned. */
async function activeAssignee(tx: Executor, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const ok = await checkAssignments(tx, {
    managerUserId: userId,
    assistantManagerUserId: null,
    migrationAgentUserId: null,
  }).then(
    () => true,
    () => false,
  );
  return ok ? userId : null;
}

const noteColumns = (input: EnquiryInput) => ({
  kind: 'note',
  taskType: 'Notes',
  content: enquiryNote(input),
  createdBy: null,
  updatedBy: null,
});

async function addEnquiryNote(
  tx: Executor,
  ctx: RequestContext,
  table: 'leads' | 'clients',
  person: { email: string; contactNumber: string },
  input: EnquiryInput,
) {
  const owner =
    table === 'leads'
      ? await findDuplicateLead(tx, person).then((d) => d && { type: 'lead' as const, id: d.lead.id })
      : await findDuplicateClient(tx, person).then((d) => d && { type: 'client' as const, id: d.id });
  if (!owner) return;
  const note = await insertTask(tx, owner, noteColumns(input));
  await recordChange(tx, ctx, {
    action: 'CREATE_TASK_NOTE',
    resourceType: 'TASK_NOTE',
    resourceId: note.id,
    newValues: { kind: 'note', entityType: owner.type, entityId: owner.id, via: 'Website enquiry form' },
  });
  await publishChange(tx, ctx, owner.type, 'CREATE_TASK_NOTE', owner.id);
  const manager = await managerOfRecord(tx, owner);
  const name = `${input.firstName} ${input.lastName}`;
  await notify(tx, ctx, [manager], {
    kind: 'leadAssigned',
    title: `New website enquiry from ${owner.type === 'lead' ? 'a lead' : 'a client'}`,
    body: name,
    link: `/leads?view=${owner.id}&type=${owner.type}`,
    mail: {
      subject: `New website enquiry: ${name}`,
      text: `${name} sent another enquiry through the website form. It has been added as a note on their record.`,
    },
  });
}
