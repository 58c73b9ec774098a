// Asks before archive / hide / unhide / delete (every destructive action asks first), takes an
// optional reason, runs the request and reports with the spec's messages (spec 1 §4.4, §8).
import { fullNameOf, LEAD_MESSAGES, LEAD_REASON_DEFAULTS, type LeadRecord } from '@crm/domain';
import { RecordActionModal } from '../../../components/record-action-modal.tsx';
import { useArchiveLead } from '../api/archive-lead.ts';
import { useDeleteLead } from '../api/delete-lead.ts';
import { useHideLead } from '../api/hide-lead.ts';
import { useUnhideLead } from '../api/unhide-lead.ts';

export type LeadActionKind = 'archive' | 'hide' | 'unhide' | 'delete';

const COPY: Record<
  LeadActionKind,
  { title: string; confirm: string; color: string; success: string; failure: string; body: string }
> = {
  archive: {
    title: 'Archive Lead',
    confirm: 'Archive Lead',
    color: 'orange',
    success: LEAD_MESSAGES.archived,
    failure: LEAD_MESSAGES.archiveFailed,
    body: 'The lead moves to Contacts and disappears from the leads list. This is reversible: it can be restored from Contacts.',
  },
  hide: {
    title: 'Hide Lead',
    confirm: 'Hide Lead',
    color: 'brand',
    success: LEAD_MESSAGES.hidden,
    failure: 'Failed to hide lead',
    body: "The lead stays in the system but leaves the list. Turn on 'Show Hidden' to see it again and unhide it.",
  },
  unhide: {
    title: 'Unhide Lead',
    confirm: 'Unhide Lead',
    color: 'brand',
    success: LEAD_MESSAGES.unhidden,
    failure: LEAD_MESSAGES.unhideFailed,
    body: 'The lead returns to the leads list for everyone who can see it.',
  },
  delete: {
    title: 'Delete Lead',
    confirm: 'Delete Lead',
    color: 'red',
    success: LEAD_MESSAGES.deleted,
    failure: LEAD_MESSAGES.deleteFailed,
    body: 'The lead is removed from every list and moved to Deleted Items: administrators and account administrators can restore it there, and an account administrator can delete it permanently.',
  },
};

type LeadActionDialogProps = {
  action: LeadActionKind | null;
  lead: LeadRecord | null;
  onClose: () => void;
  onDone?: (action: LeadActionKind) => void;
};

export function LeadActionDialog({ action, lead, onClose, onDone }: LeadActionDialogProps) {
  const mutations = {
    archive: useArchiveLead(),
    hide: useHideLead(),
    unhide: useUnhideLead(),
    delete: useDeleteLead(),
  };
  const copy = action ? COPY[action] : null;
  return (
    <RecordActionModal
      opened={Boolean(action && lead)}
      title={copy?.title}
      subject={lead ? { name: fullNameOf(lead), displayId: lead.displayId } : null}
      body={copy?.body ?? ''}
      reasonPlaceholder={action ? LEAD_REASON_DEFAULTS[action] : null}
      confirmLabel={copy?.confirm ?? ''}
      color={copy?.color ?? 'brand'}
      messages={copy}
      run={(reason) => mutations[action!].mutateAsync({ id: lead!.id, reason })}
      onClose={onClose}
      onDone={() => onDone?.(action!)}
    />
  );
}
