// The typed search params of /contacts: a URL reproduces the view (search text and where the list is).
import { z } from 'zod';
import { navigationSearchFields, pageSizeSearchField } from '../../lib/list-navigation.ts';

export const contactsSearchSchema = z.object({
  search: z.string().max(200).optional().catch(undefined),
  ...navigationSearchFields,
  pageSize: pageSizeSearchField,
});
export type ContactsSearch = z.infer<typeof contactsSearchSchema>;
