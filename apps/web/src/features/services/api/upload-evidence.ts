// POST /api/services/:id/evidence: the payment-evidence image as multipart (field `file`), replacing any
// before it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, multipart, server } from '../../../lib/api-client.ts';
import type { ServiceOwner } from './service-keys.ts';
import { showSavedService } from './update-service.ts';

export type UploadEvidenceVariables = { id: string; file: File };

export const uploadEvidence = ({ id, file }: UploadEvidenceVariables) =>
  answer(
    server.POST('/api/services/{id}/evidence', { params: { path: { id } }, body: { file }, bodySerializer: multipart }),
  );

export function useUploadEvidence(owner: ServiceOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadEvidence,
    onSuccess: (saved) => showSavedService(queryClient, owner, saved),
  });
}
