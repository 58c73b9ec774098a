// Administration › Data Management (spec 3 §2.4): a stack of cards — import, export (and backup).
import { Stack } from '@mantine/core';
import { ExportCard } from '../imports/components/export-card.tsx';
import { ImportCard } from '../imports/components/import-card.tsx';

export function DataManagementTab() {
  return (
    <Stack gap="lg">
      <ImportCard />
      <ExportCard />
    </Stack>
  );
}
