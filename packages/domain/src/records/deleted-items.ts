// Administration → Deleted Items (spec 3 §2.4, "Deleted lead or client record"; issue 14 item 6): every
// soft-deleted record in one list, newest deletion first, with Restore and Delete Forever through each
// record type's own routes.
import { z } from 'zod';
import { listQueryBase } from './list-query.ts';
import { pageSchemaOf } from './pagination.ts';

export const DELETED_ITEM_TYPES = ['lead', 'client', 'service', 'invoice'] as const;
export type DeletedItemType = (typeof DELETED_ITEM_TYPES)[number];

export const DELETED_ITEM_TYPE_LABELS: Record<DeletedItemType, string> = {
  lead: 'Lead',
  client: 'Client',
  service: 'Service',
  invoice: 'Invoice',
};

/**
 * Spec 1 §8's toasts of Restore and Delete Forever for leads and clients; services and invoices in the same
 * form (an invoice's are the invoice screen's own).
 */
export const DELETED_ITEM_OUTCOMES: Record<
  DeletedItemType,
  { restored: string; restoreFailed: string; purged: string; purgeFailed: string }
> = {
  lead: {
    restored: 'Lead restored successfully',
    restoreFailed: 'Failed to restore lead',
    purged: 'Lead permanently deleted',
    purgeFailed: 'Failed to permanently delete lead',
  },
  client: {
    restored: 'Client restored successfully',
    restoreFailed: 'Failed to restore client',
    purged: 'Client permanently deleted',
    purgeFailed: 'Failed to permanently delete client',
  },
  service: {
    restored: 'Service restored successfully',
    restoreFailed: 'Failed to restore service',
    purged: 'Service permanently deleted',
    purgeFailed: 'Failed to permanently delete service',
  },
  invoice: {
    restored: 'Invoice restored successfully',
    restoreFailed: 'Failed to restore invoice',
    purged: 'Invoice permanently deleted',
    purgeFailed: 'Failed to permanently delete invoice',
  },
};

export const DELETED_ITEMS_MESSAGES = {
  empty: 'No deleted items found',
  noMatches: 'No deleted items match your search.',
  nothingDeleted: 'There are no deleted items to display.',
  noReason: 'No reason provided',
  unknownDate: 'Unknown',
  /** Spec 3 §2.4 and DECISIONS §2: who may bring an item back, and who may remove it for good. */
  whoRestores: 'Administrators and account administrators can restore it from Administration → Deleted Items.',
  /** Spec 3 §5: Delete Forever's question. */
  purgeConfirm: (type: string) =>
    `Are you sure you want to permanently delete this ${type}? This action cannot be undone.`,
  /** Deleting a client forever ends its conversion (decision 0033): the lead is not left converted to nothing. */
  purgeClientLead:
    'A lead converted to this client goes back to the Leads tab with the status it had before the conversion.',
} as const;

export const deletedItemSchema = z.object({
  type: z.enum(DELETED_ITEM_TYPES),
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  deletedAt: z.string().nullable(),
  deletedByName: z.string().nullable(),
  reason: z.string().nullable(),
});
export type DeletedItem = z.infer<typeof deletedItemSchema>;

export const deletedItemsQuerySchema = listQueryBase.omit({ sort: true }).extend({
  type: z.enum(DELETED_ITEM_TYPES, { error: 'Choose Leads, Clients, Services or Invoices' }).optional(),
});
export type DeletedItemsQuery = z.infer<typeof deletedItemsQuerySchema>;

export const deletedItemsPageSchema = pageSchemaOf(deletedItemSchema);
export type DeletedItemsPage = z.infer<typeof deletedItemsPageSchema>;

export const deletedItemsStatisticsSchema = z.object({
  leads: z.number().int(),
  clients: z.number().int(),
  services: z.number().int(),
  invoices: z.number().int(),
  total: z.number().int(),
  /** Deleted in the last 7 days. */
  recent: z.number().int(),
});
export type DeletedItemsStatistics = z.infer<typeof deletedItemsStatisticsSchema>;
