// The typed search params of /contacts: a URL reproduces the view (search text and page).
import { z } from 'zod';

export const contactsSearchSchema = z.object({
  search: z.string().max(200).optional().catch(undefined),
  page: z.coerce.number().int().min(1).optional().catch(undefined),
});
export type ContactsSearch = z.infer<typeof contactsSearchSchema>;

/** The page size asked for; the server caps it per role (guest 20, spec 2 §6). */
export const CONTACTS_PAGE_SIZE = 50;
