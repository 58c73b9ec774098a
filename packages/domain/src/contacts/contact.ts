// Contacts (archived leads) and their restore (spec 2 "Contacts page", §4, §5).
import { z } from 'zod';
import type { Permission } from '../access/permissions.ts';

export const RESTORE_TYPES = ['lead', 'client'] as const;
export type RestoreType = (typeof RESTORE_TYPES)[number];

/** Restoring creates the target record, so it needs the target's create permission besides contacts:edit. */
export const RESTORE_PERMISSION = { lead: 'leads:create', client: 'clients:create' } as const satisfies Record<
  RestoreType,
  Permission
>;

export const RESTORE_MISSING_MESSAGE = 'Please select restore type and provide notes';

export const restoreContactSchema = z.object({
  type: z.enum(RESTORE_TYPES, { error: RESTORE_MISSING_MESSAGE }),
  notes: z.string({ error: RESTORE_MISSING_MESSAGE }).trim().min(1, RESTORE_MISSING_MESSAGE).max(1000),
});
export type RestoreContactInput = z.infer<typeof restoreContactSchema>;

export const RESTORE_OPTIONS = {
  lead: { label: 'Restore to Lead', description: 'Reactivate as an active lead for follow-up' },
  client: { label: 'Restore to Client', description: 'Convert directly to active client' },
} as const;

/** The third choice of the restore dialog: the server picks (smartRevertTarget). */
export const SMART_REVERT_OPTION = {
  label: 'Smart Revert',
  description: 'Let the system choose: a client if the agreement was signed, otherwise a lead',
} as const;

export const CONTACT_MESSAGES = {
  restoredToLead: 'Contact restored to lead successfully',
  restoredToClient: 'Contact restored to client successfully',
  restoreFailed: (message: string) => `Failed to restore: ${message}`,
  /** Smart revert (spec 2 §4): the server chose the target and the toast names it. */
  reverted: (target: RestoreType) => `Contact reverted to ${target} successfully`,
  revertFailed: (message: string) => `Failed to revert contact: ${message}`,
  noContacts: 'No contacts yet',
  noMatches: 'No contacts found',
  /** The original lead is live again (someone restored it another way). */
  leadAlreadyActive: 'The original lead is already active.',
} as const;

/** Smart revert: the notes only; the server chooses lead or client (smartRevertTarget). */
export const smartRevertSchema = z.object({
  notes: z.string({ error: RESTORE_MISSING_MESSAGE }).trim().min(1, RESTORE_MISSING_MESSAGE).max(1000),
});
export type SmartRevertInput = z.infer<typeof smartRevertSchema>;

/** The status a contact had as a lead when it signed the agreement: it was about to become a client. */
const READY_FOR_CLIENT = 'Agreement Signed – Awaiting Payment';

/**
 * Smart revert's choice (spec 2 §4 'smart revert'): a contact archived after signing the agreement comes
 * back as a client, any other as a lead, unless the user may create only the other kind; null when the
 * user may create neither.
 */
export function smartRevertTarget(
  originalLeadStatus: string | null,
  canCreate: (type: RestoreType) => boolean,
): RestoreType | null {
  const preferred: RestoreType = originalLeadStatus === READY_FOR_CLIENT ? 'client' : 'lead';
  const other: RestoreType = preferred === 'lead' ? 'client' : 'lead';
  if (canCreate(preferred)) return preferred;
  return canCreate(other) ? other : null;
}

/** Guest sees at most 20 contacts (spec 2 §6). */
export const GUEST_CONTACTS_LIMIT = 20;
