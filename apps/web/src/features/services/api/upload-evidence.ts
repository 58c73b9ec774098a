// POST /api/services/:id/evidence: the payment-evidence image as multipart (field `file`), replacing any
// before it.
import { useWrite } from '../../../lib/use-write.ts';
import { answer, multipart, server } from '../../../lib/api-client.ts';
import type { ServiceOwner } from './service-keys.ts';
import { showSavedService } from './update-service.ts';

export type UploadEvidenceVariables = { id: string; file: File };

export const uploadEvidence = ({ id, file }: UploadEvidenceVariables) =>
  answer(
    server.POST('/api/services/{id}/evidence', { params: { path: { id } }, body: { file }, bodySerializer: multipart }),
  );

export function useUploadEvidence(owner: ServiceOwner) {
  return useWrite(owner.type, uploadEvidence, {
    show: (queryClient, saved) => showSavedService(queryClient, owner, saved),
  });
}
