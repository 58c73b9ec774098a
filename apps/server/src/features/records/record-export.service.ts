// The rows of the leads, clients and contacts exports: what each list shows the viewer for the same filters.
import type { Database } from '../../db/database.ts';
import type { Viewer } from '../../db/list-query.ts';
import { clientsForExport } from '../clients/clients.repository.ts';
import { contactsForExport } from '../contacts/contacts.repository.ts';
import { leadsForExport } from '../leads/leads.repository.ts';

export const leadsToExport = (db: Database, viewer: Viewer, query: Parameters<typeof leadsForExport>[2]) =>
  leadsForExport(db, viewer, query);

export const clientsToExport = (db: Database, viewer: Viewer, query: Parameters<typeof clientsForExport>[2]) =>
  clientsForExport(db, viewer, query);

export const contactsToExport = (db: Database, viewer: Viewer, query: Parameters<typeof contactsForExport>[2]) =>
  contactsForExport(db, viewer, query);
