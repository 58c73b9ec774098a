// Full-page states: access denied and not found.
import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock, IconMapOff } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { ROLE_LABELS, type Role } from '@crm/domain';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../lib/use-document-title.ts';

function StatusPage({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="sm" maw={520} ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="gray">
          {icon}
        </ThemeIcon>
        <Title order={1} fz={24}>
          {title}
        </Title>
        {children}
        {/* Filled: the light variant of the slate primary is near-black on the dark theme's page. */}
        <Button component={Link} to="/dashboard" mt="sm">
          Go to Dashboard
        </Button>
      </Stack>
    </Center>
  );
}

export function AccessDeniedPage({ role, page }: { role: Role; page: string }) {
  return (
    <StatusPage icon={<IconLock size={28} />} title="Access Restricted">
      <Text c="dimmed">
        Your role ({ROLE_LABELS[role]}) does not have access to {page}. Please contact your administrator if you believe
        this is an error.
      </Text>
    </StatusPage>
  );
}

export function NotFoundPage() {
  return (
    <StatusPage icon={<IconMapOff size={28} />} title="Page not found">
      <Text c="dimmed">The page you are looking for does not exist or has moved.</Text>
    </StatusPage>
  );
}
