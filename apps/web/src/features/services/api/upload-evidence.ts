// POST /api/services/:id/evidence: the payment-evidence image as multipart (field `file`), replacing any
// before it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ServiceRecord } from '@crm/domain';
import { uploadFile } from '../../../lib/file-requests.ts';
import { type ServiceOwner, servicePath } from './service-keys.ts';
import { showSavedService } from './update-service.ts';

export type UploadEvidenceVariables = { id: string; file: File };

export const uploadEvidence = ({ id, file }: UploadEvidenceVariables) =>
  uploadFile<ServiceRecord>(`${servicePath(id)}/evidence`, file);

export function useUploadEvidence(owner: ServiceOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadEvidence,
    onSuccess: (saved) => showSavedService(queryClient, owner, saved),
  });
}
