// A list that failed to load (spec 1 §2.3): a permission refusal gets the amber 'Access Restricted'
// notice with the role; anything else the red 'Error loading data:' with 'Try Again'.
import { Alert, type AlertProps, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { isApiError } from '../lib/api-client.ts';

type ListLoadErrorProps = {
  error: Error;
  /** What failed to load, in the spec's words ('Error loading clients:'); 'Error loading data:' by default. */
  title?: string;
  role: string;
  onRetry: () => void;
  /** The space around the notice: 'sm' sets it off inside a card; a list in padded space passes 0. */
  m?: AlertProps['m'];
};

export function ListLoadError({ error, title = 'Error loading data:', role, onRetry, m = 'sm' }: ListLoadErrorProps) {
  if (isApiError(error) && error.status === 403) {
    return (
      <Alert m={m} color="orange" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
        <Stack gap={4}>
          <Text size="sm">
            Access Restricted: You don't have permission to view this data. Please contact your administrator if you
            believe this is an error.
          </Text>
          <Text size="xs" c="dimmed">
            Your role: {role}
          </Text>
        </Stack>
      </Alert>
    );
  }
  return (
    <Alert m={m} color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
      <Group justify="space-between" gap="xs">
        <Text size="sm">
          <Text span fw={600}>
            {title}
          </Text>{' '}
          {error.message}
        </Text>
        {/* A request the server refused as asked (4xx) fails the same way again: no Try Again for it. */}
        {isApiError(error) && error.status >= 400 && error.status < 500 && ![408, 429].includes(error.status) ? null : (
          <Button size="xs" color="red" variant="light" onClick={onRetry}>
            Try Again
          </Button>
        )}
      </Group>
    </Alert>
  );
}
