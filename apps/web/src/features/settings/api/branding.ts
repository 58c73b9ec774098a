// Saving the branding (PUT /api/settings/branding) and the logo (POST / DELETE …/logo). The answer is the
// new branding, put straight into the query every screen reads (app/branding.ts).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BrandingInput, BrandingView } from '@crm/domain';
import { BRANDING_QUERY_KEY } from '../../../app/branding.ts';
import { api } from '../../../lib/api-client.ts';
import { uploadFile } from '../../../lib/file-requests.ts';

function useBrandingMutation<V>(call: (value: V) => Promise<BrandingView>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (saved) => {
      queryClient.setQueryData(BRANDING_QUERY_KEY, saved);
      // The company name is the general settings' one.
      void queryClient.invalidateQueries({ queryKey: ['settings', 'general'] });
    },
  });
}

export const useSaveBranding = () =>
  useBrandingMutation((input: BrandingInput) => api.put<BrandingView>('/api/settings/branding', input));

export const useUploadBrandingLogo = () =>
  useBrandingMutation((file: File) => uploadFile<BrandingView>('/api/settings/branding/logo', file));

export const useRemoveBrandingLogo = () =>
  useBrandingMutation((_: void) => api.delete<BrandingView>('/api/settings/branding/logo'));
