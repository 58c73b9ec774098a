// An audit action in the colour of its kind (spec 3 §2.4: colours by action), the same everywhere.
import { Badge } from '@mantine/core';
import { auditActionColor } from '@crm/domain';

export function AuditActionBadge({ action }: { action: string }) {
  return (
    <Badge variant="light" color={auditActionColor(action)} tt="none" ff="monospace" size="sm">
      {action}
    </Badge>
  );
}
