// System Settings' calls: the general settings (GET/PUT /api/settings/general) and saving the display
// setting (PUT /api/settings/display). Under 'settings', which the settings change event refreshes.
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { DisplaySetting, GeneralSettings, IntegrationSettingsInput } from '@crm/domain';
import { answer, server } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/use-write.ts';
import { displaySettingQueryKey } from './display-setting.ts';

const generalKey = ['settings', 'general'] as const;

export const useGeneralSettings = () =>
  useQuery(
    queryOptions({
      queryKey: generalKey,
      queryFn: ({ signal }) => answer(server.GET('/api/settings/general', { signal })),
    }),
  );

export function useSaveGeneralSettings() {
  return useWrite(
    'settings',
    (settings: GeneralSettings) => answer(server.PUT('/api/settings/general', { body: settings })),
    {
      show: (queryClient, saved) => queryClient.setQueryData(generalKey, saved),
    },
  );
}

export function useSaveDisplaySetting() {
  return useWrite(
    'settings',
    (setting: DisplaySetting) => answer(server.PUT('/api/settings/display', { body: setting })),
    {
      show: (queryClient, saved) => queryClient.setQueryData(displaySettingQueryKey, saved),
    },
  );
}

/** The scheduled jobs with their last and next run (GET /api/jobs). */
export const useJobStatus = () =>
  useQuery(
    queryOptions({
      queryKey: ['settings', 'jobs'],
      queryFn: ({ signal }) => answer(server.GET('/api/jobs', { signal })),
      staleTime: 60_000,
    }),
  );

const integrationsKey = ['settings', 'integrations'] as const;

/** GET /api/settings/integrations: secrets only as set or not. */
export const useIntegrationSettings = () =>
  useQuery(
    queryOptions({
      queryKey: integrationsKey,
      queryFn: ({ signal }) => answer(server.GET('/api/settings/integrations', { signal })),
    }),
  );

export function useSaveIntegrationSettings() {
  return useWrite(
    'settings',
    (input: IntegrationSettingsInput) => answer(server.PUT('/api/settings/integrations', { body: input })),
    {
      show: (queryClient, saved) => queryClient.setQueryData(integrationsKey, saved),
    },
  );
}

export const useSendTestEmail = () =>
  useMutation({
    mutationFn: (to: string) => answer(server.POST('/api/settings/integrations/email/test', { body: { to } })),
  });

export const useSendTestWebhook = () =>
  useMutation({
    mutationFn: () => answer(server.POST('/api/settings/integrations/webhooks/test')),
  });
