// The enquiry form's calls: its settings for staff (GET/PUT /api/forms/enquiry, under 'settings', which the
// settings change event refreshes) and the public page's (GET /api/public/enquiry-form, POST /api/public/enquiries).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EnquiryFormSettings, EnquiryInput } from '@crm/domain';
import { answer, server } from '../../../lib/api-client.ts';

const settingsKey = ['settings', 'enquiry-form'] as const;

export const useEnquiryFormSettings = () =>
  useQuery(
    queryOptions({
      queryKey: settingsKey,
      queryFn: ({ signal }) => answer(server.GET('/api/forms/enquiry', { signal })),
    }),
  );

export function useSaveEnquiryFormSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: EnquiryFormSettings) => answer(server.PUT('/api/forms/enquiry', { body: settings })),
    onSuccess: (saved) => queryClient.setQueryData(settingsKey, saved),
  });
}

export const usePublicEnquiryForm = () =>
  useQuery({
    queryKey: ['public', 'enquiry-form'],
    queryFn: ({ signal }) => answer(server.GET('/api/public/enquiry-form', { signal })),
    // The token inside is the time the page was served, taken once: never refetched behind the visitor's
    // back, only when the page asks (a refused enquiry, or a page open nearly as long as a token lives).
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    retry: 1,
  });

export const useSendEnquiry = () =>
  useMutation({
    /** `wait`: how long the page holds the enquiry back first (the minimum fill time). */
    /** `body`: what the page's check (the server's own schema) let through. */
    mutationFn: async ({ body, wait }: { body: EnquiryInput; wait: number }) => {
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      return answer(server.POST('/api/public/enquiries', { body }));
    },
  });
