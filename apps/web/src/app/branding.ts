// The firm's branding (issue 15 item 2): the page arrives with it in a meta element (the server writes
// it, palette included), so the first paint has the firm's colours and name; afterwards the 'settings'
// change event refreshes it. No colour is computed here: the palette comes from the server.
import { useQuery } from '@tanstack/react-query';
import type { BrandingView } from '@crm/domain';
import { answer, server } from '../lib/api-client.ts';

function readPageBranding(): BrandingView | undefined {
  const content = document.querySelector('meta[name="crm-branding"]')?.getAttribute('content');
  try {
    return content ? (JSON.parse(content) as BrandingView) : undefined;
  } catch {
    return undefined;
  }
}

const pageBranding = readPageBranding();

export const BRANDING_QUERY_KEY = ['branding'] as const;

/** The branding every screen shows; undefined only while a page without it (the dev server) loads it. */
export function useBranding(): BrandingView | undefined {
  return useQuery({
    queryKey: BRANDING_QUERY_KEY,
    queryFn: ({ signal }) => answer(server.GET('/api/settings/branding', { signal })),
    initialData: pageBranding,
    staleTime: Infinity,
  }).data;
}

export const companyNameOf = (branding: BrandingView | undefined) => branding?.companyName || 'Visa CRM';
