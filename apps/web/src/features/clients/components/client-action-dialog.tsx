// Asks before hide / unhide / delete / permanent delete / 'Revert to Lead' (every destructive action
// asks first), takes an optional reason where the API keeps one, runs the request and reports with
// the spec's messages (spec 1 §2.6, §4.4, §8; DECISIONS.md §2).
import {
  CLIENT_MESSAGES,
  CLIENT_REASON_DEFAULTS,
  type ClientRecord,
  displayId,
  fullNameOf,
  REVERTED_STATUS,
} from '@crm/domain';
import { RecordActionModal } from '../../../components/record-action-modal.tsx';
import { useDeleteClient } from '../api/delete-client.ts';
import { useHideClient } from '../api/hide-client.ts';
import { usePermanentlyDeleteClient } from '../api/permanently-delete-client.ts';
import { useRevertClient } from '../api/revert-client.ts';
import { useUnhideClient } from '../api/unhide-client.ts';

export type ClientActionKind = 'hide' | 'unhide' | 'delete' | 'permanent' | 'revert';

type Copy = {
  title: string;
  confirm: string;
  color: string;
  success: string;
  failure: string;
  /** The alert's wording of a failure (spec 1 §8: 'Error deleting client: {message}'). */
  failureWithMessage: (message: string) => string;
  body: (client: ClientRecord) => string;
  /** The API keeps a reason for this action. */
  reason: keyof typeof CLIENT_REASON_DEFAULTS | null;
};

const withMessage = (failure: string) => (message: string) => `${failure}: ${message}`;

const COPY: Record<ClientActionKind, Copy> = {
  hide: {
    title: 'Hide Client',
    confirm: 'Hide Client',
    color: 'brand',
    success: CLIENT_MESSAGES.hidden,
    failure: 'Failed to hide client',
    failureWithMessage: withMessage('Failed to hide client'),
    body: () =>
      "The client stays in the system but leaves the list. Turn on 'Show Hidden' to see it again and unhide it.",
    reason: 'hide',
  },
  unhide: {
    title: 'Unhide Client',
    confirm: 'Unhide Client',
    color: 'brand',
    success: CLIENT_MESSAGES.unhidden,
    failure: CLIENT_MESSAGES.unhideFailed,
    failureWithMessage: withMessage(CLIENT_MESSAGES.unhideFailed),
    body: () => 'The client returns to the clients list for everyone who can see it.',
    reason: 'unhide',
  },
  delete: {
    title: 'Delete Client',
    confirm: 'Delete',
    color: 'red',
    success: CLIENT_MESSAGES.deleted,
    failure: CLIENT_MESSAGES.deleteFailed,
    failureWithMessage: (message) => `Error deleting client: ${message}`,
    body: () =>
      'The client is removed from every list and moved to Deleted Items: administrators and account administrators can restore it there, and an account administrator can delete it permanently.',
    reason: 'delete',
  },
  permanent: {
    title: 'Delete Client',
    confirm: 'Permanently Delete',
    color: 'red',
    success: CLIENT_MESSAGES.permanentlyDeleted,
    failure: CLIENT_MESSAGES.permanentDeleteFailed,
    failureWithMessage: withMessage(CLIENT_MESSAGES.permanentDeleteFailed),
    body: (client) =>
      'The client and all its related data are deleted permanently. This action cannot be undone.' +
      // The server returns the converted lead to its earlier status in the same transaction (decision 0033).
      (client.convertedFromLeadId && client.status !== REVERTED_STATUS
        ? ` Lead ${displayId('lead', client.convertedFromLeadId)} goes back to the Leads tab with the status it had before the conversion.`
        : ''),
    reason: null,
  },
  revert: {
    title: 'Revert to Lead',
    confirm: 'Revert to Lead',
    color: 'orange',
    success: CLIENT_MESSAGES.reverted,
    failure: 'Failed to revert client',
    failureWithMessage: (message) => message,
    body: (client) =>
      `The conversion is undone: lead ${client.convertedFromLeadId ? displayId('lead', client.convertedFromLeadId) : ''} returns to the Leads tab with the status it had before, and this client is kept as Reverted (read-only).`,
    reason: null,
  },
};

type ClientActionDialogProps = {
  action: ClientActionKind | null;
  client: ClientRecord | null;
  onClose: () => void;
  onDone?: (action: ClientActionKind) => void;
};

export function ClientActionDialog({ action, client, onClose, onDone }: ClientActionDialogProps) {
  const mutations = {
    hide: useHideClient(),
    unhide: useUnhideClient(),
    delete: useDeleteClient(),
    permanent: usePermanentlyDeleteClient(),
    revert: useRevertClient(),
  };
  const copy = action ? COPY[action] : null;
  return (
    <RecordActionModal
      opened={Boolean(action && client)}
      title={copy?.title}
      subject={client ? { name: fullNameOf(client), displayId: client.displayId } : null}
      body={copy && client ? copy.body(client) : ''}
      reasonPlaceholder={copy?.reason ? CLIENT_REASON_DEFAULTS[copy.reason] : null}
      confirmLabel={copy?.confirm ?? ''}
      color={copy?.color ?? 'brand'}
      messages={copy}
      run={(reason) => mutations[action!].mutateAsync({ id: client!.id, reason: copy?.reason ? reason : undefined })}
      onClose={onClose}
      onDone={() => onDone?.(action!)}
    />
  );
}
