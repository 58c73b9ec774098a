// The payment-evidence image of a saved service as a thumbnail; it opens full size in a new tab (the
// server sends it inline with its real content type).
import { evidenceUrl } from '../api/service-keys.ts';
import classes from './services.module.css';

export function EvidenceThumbnail({
  serviceId,
  version,
  serviceName,
}: {
  serviceId: string;
  version: number;
  serviceName: string;
}) {
  const url = evidenceUrl(serviceId, version);
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className={classes.thumbnail}
      aria-label={`Payment evidence of ${serviceName} (opens full size in a new tab)`}
      title="Open full size"
    >
      <img src={url} alt="" loading="lazy" />
    </a>
  );
}
