// PATCH /api/leads/:id with status Converted to Client: the server saves the lead and converts it in
// one transaction (spec 1 §4.3). Then every list and figure the conversion touches refreshes, and the
// new client is read back to verify it ('Client record not found after conversion' when it cannot be).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CLIENT_MESSAGES, type ClientRecord, type LeadRecord } from '@crm/domain';
import { answer, ApiError, server, timeoutSignal } from '../../../lib/api-client.ts';
import { refreshAfterWrite } from '../../../lib/refresh.ts';
import { withSaveRetry } from '../../../lib/save-retry.ts';
import { clientQueryOptions } from '../../clients/index.ts';
import type { UpdateLeadVariables } from './update-lead.ts';

export type ConversionOutcome = { lead: LeadRecord; client: ClientRecord };

export function useSaveAsConverted() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: UpdateLeadVariables): Promise<ConversionOutcome> => {
      const lead = await withSaveRetry((timeoutMs) =>
        answer(
          server.PATCH('/api/leads/{id}', { params: { path: { id } }, body: input, signal: timeoutSignal(timeoutMs) }),
        ),
      );
      const client = lead.convertedToClientId
        ? await queryClient.fetchQuery(clientQueryOptions(lead.convertedToClientId)).catch(() => null)
        : null;
      // The lead is converted either way: show it so, and refresh what the conversion touched.
      queryClient.setQueryData(['lead', 'detail', lead.id], lead);
      refreshAfterWrite(queryClient, 'lead');
      if (!client) throw new ApiError(404, { code: 'NOT_FOUND', message: CLIENT_MESSAGES.notFoundAfterConversion });
      return { lead, client };
    },
  });
}
