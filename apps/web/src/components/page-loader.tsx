import { Center, Loader, Stack, Text } from '@mantine/core';

/** Shown while a page's code or data loads (spec 1 §2.1: a spinner and 'Loading...'). */
export function PageLoader({ label = 'Loading...' }: { label?: string }) {
  return (
    <Center mih={240} role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader size="md" />
        <Text c="dimmed" size="sm">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}
