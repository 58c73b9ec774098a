// 'Select Template' (spec 3 §2.2): the templates as cards to choose from, 'Back' and 'Use Template'; a
// template sets the invoice's currency and tax and, on the PDF, its business details and logo.
import { Badge, Button, Card, Group, Modal, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import type { InvoiceTemplateRecord } from '@crm/domain';
import { usePhoneLayout } from '../../../lib/use-phone-layout.ts';

type TemplatePickerProps = {
  opened: boolean;
  templates: InvoiceTemplateRecord[];
  current: string | null;
  onUse: (template: InvoiceTemplateRecord) => void;
  onClose: () => void;
};

export function TemplatePicker({ opened, templates, current, onUse, onClose }: TemplatePickerProps) {
  const phone = usePhoneLayout();
  const [chosen, setChosen] = useState<string | null>(current);
  const template = templates.find((t) => t.id === chosen);
  return (
    <Modal opened={opened} onClose={onClose} title="Select Invoice Template" size="lg" fullScreen={phone}>
      <Stack gap="sm">
        {templates.length === 0 ? (
          <Text c="dimmed" ta="center" py="lg">
            No templates found. Create a template in the Templates tab.
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" role="radiogroup" aria-label="Templates">
            {templates.map((t) => (
              <UnstyledButton
                key={t.id}
                role="radio"
                aria-checked={chosen === t.id}
                onClick={() => setChosen(t.id)}
                onDoubleClick={() => onUse(t)}
              >
                <Card
                  withBorder
                  radius="md"
                  padding="sm"
                  style={{
                    borderColor: chosen === t.id ? 'var(--mantine-primary-color-filled)' : undefined,
                    borderWidth: chosen === t.id ? 2 : undefined,
                  }}
                >
                  <Text fw={600} size="sm">
                    {t.name}
                  </Text>
                  {t.description ? (
                    <Text size="xs" c="dimmed" lineClamp={2}>
                      {t.description}
                    </Text>
                  ) : null}
                  <Group gap={6} mt={6}>
                    <Badge size="sm" variant="outline" tt="none">
                      {t.currency}
                    </Badge>
                    <Badge size="sm" variant="outline" tt="none" color={t.applyTax ? 'green' : 'gray'}>
                      {t.applyTax ? (t.currency === 'PHP' ? 'VAT' : 'GST') : 'No tax'}
                    </Badge>
                  </Group>
                </Card>
              </UnstyledButton>
            ))}
          </SimpleGrid>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            Back
          </Button>
          <Button disabled={!template} onClick={() => template && onUse(template)}>
            Use Template
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
