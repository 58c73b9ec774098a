// The payment-evidence image of the service dialog (spec 2 §5): an image chosen here is checked at once
// (type and size, with the spec's messages; the server checks the content again) and uploaded after the
// service is saved. A saved image shows as a thumbnail; a new one replaces it.
import { FileInput, Group, Stack } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { EVIDENCE_MAX_BYTES, EVIDENCE_TYPES, SERVICE_MESSAGES } from '@crm/domain';
import { EvidenceThumbnail } from './evidence-thumbnail.tsx';
import classes from './services.module.css';

const ACCEPT = Object.keys(EVIDENCE_TYPES).join(',');

/** The spec's message for a file that may not be uploaded, or null. */
export function evidenceProblem(file: File): string | null {
  if (!(file.type in EVIDENCE_TYPES)) return SERVICE_MESSAGES.evidenceType;
  // The server refuses 5 MB and over: "less than 5MB".
  if (file.size >= EVIDENCE_MAX_BYTES) return SERVICE_MESSAGES.evidenceSize;
  return null;
}

type EvidenceFieldProps = {
  file: File | null;
  onChange: (file: File | null) => void;
  /** A failed upload's message (the service itself was saved). */
  uploadError: string | null;
  saved: { id: string; version: number; name: string; hasEvidence: boolean } | null;
  disabled: boolean;
};

export function EvidenceField({ file, onChange, uploadError, saved, disabled }: EvidenceFieldProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!file) return;
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => {
      URL.revokeObjectURL(url);
      setPreview(null);
    };
  }, [file]);

  const choose = (next: File | null) => {
    const refused = next ? evidenceProblem(next) : null;
    setProblem(refused);
    onChange(refused ? null : next);
  };

  return (
    <Stack gap={6}>
      <Group align="flex-end" gap="sm" wrap="nowrap">
        <FileInput
          style={{ flex: 1, minWidth: 0 }}
          label="Payment Evidence"
          description={
            saved?.hasEvidence
              ? 'JPG, PNG, GIF or WEBP under 5 MB. A new image replaces the saved one.'
              : 'JPG, PNG, GIF or WEBP under 5 MB'
          }
          placeholder="Choose an image"
          accept={ACCEPT}
          clearable
          clearButtonProps={{ 'aria-label': 'Remove the chosen image' }}
          leftSection={<IconPhoto size={16} aria-hidden />}
          value={file}
          onChange={choose}
          error={problem ?? uploadError ?? undefined}
          disabled={disabled}
        />
        {preview ? (
          <img src={preview} alt="The chosen image" className={classes.preview} />
        ) : saved?.hasEvidence ? (
          <EvidenceThumbnail serviceId={saved.id} version={saved.version} serviceName={saved.name} />
        ) : null}
      </Group>
    </Stack>
  );
}
