// An audit action in the colour of its kind (spec 3 §2.4: colours by action), the same everywhere.
import { auditActionColor, BADGE_COLOURS, filledBadge } from '@crm/domain';
import { StatusBadge } from '../../../components/status-badge.tsx';

export function AuditActionBadge({ action }: { action: string }) {
  return <StatusBadge look={filledBadge(BADGE_COLOURS[auditActionColor(action)])}>{action}</StatusBadge>;
}
