// POST /api/services/:id/evidence: the payment-evidence image as multipart (field `file`), replacing any
// before it. The JSON client (lib/api-client.ts) sends JSON only; this request keeps its error handling.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiErrorBody, ServiceRecord } from '@crm/domain';
import { ApiError } from '../../../lib/api-client.ts';
import { markSessionExpired } from '../../../lib/session-expiry.ts';
import { type ServiceOwner, servicePath } from './service-keys.ts';
import { showSavedService } from './update-service.ts';

export type UploadEvidenceVariables = { id: string; file: File };

export async function uploadEvidence({ id, file }: UploadEvidenceVariables): Promise<ServiceRecord> {
  const body = new FormData();
  body.append('file', file);
  let response: Response;
  try {
    response = await fetch(`${servicePath(id)}/evidence`, { method: 'POST', body, credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, {
      code: 'NETWORK',
      message: 'Connection error. Please check your internet connection and try again.',
    });
  }
  const data = (await response.json().catch(() => undefined)) as unknown;
  if (!response.ok) {
    if (response.status === 401) markSessionExpired();
    const error = (data ?? {}) as Partial<ApiErrorBody>;
    throw new ApiError(response.status, {
      code: error.code ?? 'INTERNAL',
      message: error.message ?? response.statusText,
      fieldErrors: error.fieldErrors,
    });
  }
  return data as ServiceRecord;
}

export function useUploadEvidence(owner: ServiceOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadEvidence,
    onSuccess: (saved) => showSavedService(queryClient, owner, saved),
  });
}
