// System Settings' calls: the general settings (GET/PUT /api/settings/general) and saving the display
// setting (PUT /api/settings/display). Under 'settings', which the settings change event refreshes.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DisplaySetting,
  EmailTestResult,
  GeneralSettings,
  IntegrationSettings,
  IntegrationSettingsInput,
  JobStatus,
  WebhookTestResult,
} from '@crm/domain';
import { api } from '../../../lib/api-client.ts';
import { displaySettingQueryKey } from './display-setting.ts';

const generalKey = ['settings', 'general'] as const;

export const useGeneralSettings = () =>
  useQuery(
    queryOptions({
      queryKey: generalKey,
      queryFn: ({ signal }) => api.get<GeneralSettings>('/api/settings/general', { signal }),
    }),
  );

export function useSaveGeneralSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: GeneralSettings) => api.put<GeneralSettings>('/api/settings/general', settings),
    onSuccess: (saved) => queryClient.setQueryData(generalKey, saved),
  });
}

export function useSaveDisplaySetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (setting: DisplaySetting) => api.put<DisplaySetting>('/api/settings/display', setting),
    onSuccess: (saved) => queryClient.setQueryData(displaySettingQueryKey, saved),
  });
}

/** The scheduled jobs with their last and next run (GET /api/jobs). */
export const useJobStatus = () =>
  useQuery(
    queryOptions({
      queryKey: ['settings', 'jobs'],
      queryFn: ({ signal }) => api.get<JobStatus[]>('/api/jobs', { signal }),
      staleTime: 60_000,
    }),
  );

const integrationsKey = ['settings', 'integrations'] as const;

/** GET /api/settings/integrations: secrets only as set or not. */
export const useIntegrationSettings = () =>
  useQuery(
    queryOptions({
      queryKey: integrationsKey,
      queryFn: ({ signal }) => api.get<IntegrationSettings>('/api/settings/integrations', { signal }),
    }),
  );

export function useSaveIntegrationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: IntegrationSettingsInput) => api.put<IntegrationSettings>('/api/settings/integrations', input),
    onSuccess: (saved) => queryClient.setQueryData(integrationsKey, saved),
  });
}

export const useSendTestEmail = () =>
  useMutation({
    mutationFn: (to: string) => api.post<EmailTestResult>('/api/settings/integrations/email/test', { to }),
  });

export const useSendTestWebhook = () =>
  useMutation({
    mutationFn: () => api.post<WebhookTestResult>('/api/settings/integrations/webhooks/test'),
  });
