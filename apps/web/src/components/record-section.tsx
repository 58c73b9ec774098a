// What the sections of a lead's or client's panel share (Services, Tasks & Notes, Client money, Contracts):
// the heading with 'Updating...' while the section reads its rows again and the section's button, the
// notice of why nothing may be changed, and the loader or the load error before there are rows to show.
import { Alert, Group, Loader, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ListLoadError } from './list-load-error.tsx';
import { PageLoader } from './page-loader.tsx';

type RecordSectionHeaderProps = {
  title: string;
  /** The heading's id, when the section is labelled by it. */
  titleId?: string;
  updating: boolean;
  /** The section's button ('Add Service'), or null. */
  action: ReactNode;
};

export function RecordSectionHeader({ title, titleId, updating, action }: RecordSectionHeaderProps) {
  return (
    <Group justify="space-between" gap="xs" wrap="wrap">
      <Group gap="sm" wrap="nowrap">
        <Title order={3} size="h4" id={titleId}>
          {title}
        </Title>
        {updating ? (
          <Group gap={6} wrap="nowrap" role="status" aria-live="polite">
            <Loader size={14} />
            <Text size="xs" c="dimmed">
              Updating...
            </Text>
          </Group>
        ) : null}
      </Group>
      {action}
    </Group>
  );
}

/** Why nothing here may be changed (a converted lead, a paid invoice), under a lock. */
export function ReadOnlyNotice({ children }: { children: ReactNode }) {
  return (
    <Alert color="gray" variant="light" icon={<IconLock size={18} />} p="xs">
      <Text size="sm">{children}</Text>
    </Alert>
  );
}

/**
 * The loader while the section's first read is on its way, or the load error with Try Again when it failed
 * with nothing to show; null once there are rows (a failed read again keeps the rows on screen).
 */
export function sectionLoadState(
  query: Pick<UseQueryResult, 'isPending' | 'isError' | 'error' | 'data' | 'refetch'>,
  { loading, errorTitle, role }: { loading: string; errorTitle: string; role: string },
): ReactNode {
  if (query.isPending) return <PageLoader label={loading} />;
  if (query.isError && query.error && !query.data)
    return (
      <ListLoadError error={query.error} title={errorTitle} role={role} onRetry={() => void query.refetch()} m={0} />
    );
  return null;
}
