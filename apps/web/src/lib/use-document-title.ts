// The browser tab's title: '<page or record> · <the firm's company name>' (its branding; 'Visa CRM' until
// one is set), so a user with several tabs open can tell them apart. Page names come from the route table
// (PAGES) where the page is in it.
import { useEffect } from 'react';
import { PAGES } from '@crm/domain';
import { companyNameOf, useBranding } from '../app/branding.ts';

export const documentTitle = (title: string, companyName: string) => `${title} · ${companyName}`;

/** The route table's name of the page at `path` (spec 1 §2.1), e.g. '/contacts' → 'Contacts'. */
export function pageName(path: string): string {
  const page = PAGES.find((p) => p.path === path);
  if (!page) throw new Error(`No page ${path} in the route table`);
  return page.title;
}

/**
 * Sets the tab title while the calling component shows `title`. `null` leaves the title to someone
 * else: a page passes null while a panel over it names the record.
 */
export function useDocumentTitle(title: string | null) {
  const companyName = companyNameOf(useBranding());
  useEffect(() => {
    if (title !== null) document.title = documentTitle(title, companyName);
  }, [title, companyName]);
}
