// Saving the branding (PUT /api/settings/branding) and the logo (POST / DELETE …/logo). The answer is the
// new branding, put straight into the query every screen reads (app/branding.ts).
import type { BrandingInput, BrandingView } from '@crm/domain';
import { BRANDING_QUERY_KEY } from '../../../app/branding.ts';
import { answer, multipart, server } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/use-write.ts';

function useBrandingMutation<V>(call: (value: V) => Promise<BrandingView>) {
  // The company name is the general settings' one: the settings' refresh reads it again.
  return useWrite('settings', call, {
    show: (queryClient, saved) => queryClient.setQueryData(BRANDING_QUERY_KEY, saved),
  });
}

export const useSaveBranding = () =>
  useBrandingMutation((input: BrandingInput) => answer(server.PUT('/api/settings/branding', { body: input })));

export const useUploadBrandingLogo = () =>
  useBrandingMutation((file: File) =>
    answer(server.POST('/api/settings/branding/logo', { body: { file }, bodySerializer: multipart })),
  );

export const useRemoveBrandingLogo = () =>
  useBrandingMutation((_: void) => answer(server.DELETE('/api/settings/branding/logo')));
