// The signed-in role under a page title (Leads and Clients, Contacts, My Profile).
import { Badge } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { ROLE_LABELS, type Role } from '@crm/domain';

export function RoleBadge({ role }: { role: Role }) {
  return (
    <Badge variant="light" color="gray" tt="none" leftSection={<IconUsers size={12} />}>
      {ROLE_LABELS[role]}
    </Badge>
  );
}
