// Administration → Branding & Appearance (spec 3; issue 15 item 2): the company name, the primary and
// secondary colour with a live preview in both themes, the logo, and the firm's time zone and date format.
// Saved, every open screen takes them at once (the settings change event).
import '@mantine/core/styles/ColorInput.css';
import '@mantine/core/styles/ColorPicker.css';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  ColorInput,
  FileButton,
  Group,
  Modal,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import {
  type BrandingInput,
  type BrandingView,
  brandingInputSchema,
  brandPalette,
  DEFAULT_PRIMARY_COLOR,
  DEFAULT_SECONDARY_COLOR,
  mutedTextColour,
} from '@crm/domain';
import { useBranding } from '../../../app/branding.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { useAuthorization } from '../../../lib/authorization.ts';
import { useRemoveBrandingLogo, useSaveBranding, useUploadBrandingLogo } from '../api/branding.ts';
import { RegionalSettingsCard } from './system-settings-tab.tsx';
import { ConfirmActions } from '../../../components/confirm-actions.tsx';

const failed = (error: unknown) =>
  notifications.show({ color: 'red', message: isApiError(error) ? error.message : 'Saving failed' });

export function BrandingTab() {
  const { can } = useAuthorization();
  const editable = can('admin:manage_settings');
  const branding = useBranding();
  return (
    <Stack gap="md">
      {!editable ? (
        <Alert color="gray" variant="light">
          Only account administrators change the branding.
        </Alert>
      ) : null}
      {branding ? <BrandingCard branding={branding} editable={editable} /> : <Skeleton height={420} radius="md" />}
      {branding ? <LogoCard branding={branding} editable={editable} /> : null}
      <RegionalSettingsCard editable={editable} />
    </Stack>
  );
}

const inputOf = (b: BrandingView): BrandingInput => ({
  companyName: b.companyName,
  primaryColor: b.primaryColor,
  secondaryColor: b.secondaryColor,
});

function BrandingCard({ branding, editable }: { branding: BrandingView; editable: boolean }) {
  const save = useSaveBranding();
  const [draft, setDraft] = useState<BrandingInput>(() => inputOf(branding));
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => setDraft(inputOf(branding)), [branding]);
  const parsed = brandingInputSchema.safeParse(draft);
  const dirty = JSON.stringify(draft) !== JSON.stringify(inputOf(branding));
  const fieldErrors = parsed.success
    ? errors
    : { ...errors, ...Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])) };

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="branding">
      <Title order={2} fz="md" id="branding">
        Branding & Appearance
      </Title>
      <Text size="xs" c="dimmed" mb="sm">
        The company name and colours every screen, invoice, receipt and email shows. Colours are adjusted where needed
        so that text stays readable in both themes.
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="sm">
          <TextInput
            label="Company name"
            value={draft.companyName}
            onChange={(e) => {
              const companyName = e.currentTarget.value;
              setDraft((d) => ({ ...d, companyName }));
            }}
            error={dirty ? fieldErrors.companyName : undefined}
            disabled={!editable}
            maxLength={120}
          />
          <ColorInput
            label="Primary colour"
            format="hex"
            eyeDropperButtonProps={{ 'aria-label': 'Pick the primary colour from the screen' }}
            value={draft.primaryColor}
            onChange={(primaryColor) => setDraft((d) => ({ ...d, primaryColor: primaryColor.toUpperCase() }))}
            error={dirty ? fieldErrors.primaryColor : undefined}
            disabled={!editable}
            swatches={[DEFAULT_PRIMARY_COLOR, '#1D4ED8', '#047857', '#7C2D12', '#6D28D9', '#BE123C']}
          />
          <ColorInput
            label="Secondary colour"
            format="hex"
            eyeDropperButtonProps={{ 'aria-label': 'Pick the secondary colour from the screen' }}
            value={draft.secondaryColor}
            onChange={(secondaryColor) => setDraft((d) => ({ ...d, secondaryColor: secondaryColor.toUpperCase() }))}
            error={dirty ? fieldErrors.secondaryColor : undefined}
            disabled={!editable}
            swatches={[DEFAULT_SECONDARY_COLOR, '#6B7280', '#57534E', '#0E7490']}
          />
        </Stack>
        <ColourPreview input={parsed.success ? parsed.data : inputOf(branding)} />
      </SimpleGrid>
      {editable ? (
        <Group justify="space-between" mt="md">
          <Button
            variant="subtle"
            onClick={() =>
              setDraft((d) => ({ ...d, primaryColor: DEFAULT_PRIMARY_COLOR, secondaryColor: DEFAULT_SECONDARY_COLOR }))
            }
          >
            Default colours
          </Button>
          <Group gap="sm">
            <Button variant="default" disabled={!dirty} onClick={() => setDraft(inputOf(branding))}>
              Cancel
            </Button>
            <Button
              disabled={!dirty || !parsed.success}
              loading={save.isPending}
              onClick={() =>
                parsed.success &&
                save.mutate(parsed.data, {
                  onSuccess: () => {
                    setErrors({});
                    notifications.show({ color: 'green', message: 'Branding settings updated successfully' });
                  },
                  onError: (error) => {
                    if (isApiError(error))
                      setErrors(
                        Object.fromEntries(Object.entries(error.fieldErrors).map(([k, v]) => [k, v.join(' ')])),
                      );
                    failed(error);
                  },
                })
              }
            >
              Save
            </Button>
          </Group>
        </Group>
      ) : null}
    </Card>
  );
}

/** The colours as each theme will show them: a filled button, a badge, a link and muted text. */
function ColourPreview({ input }: { input: BrandingInput }) {
  const { palette, primaryShade } = brandPalette(input.primaryColor);
  const schemes = [
    {
      name: 'Light theme',
      background: '#ffffff',
      text: '#000000',
      primary: palette[primaryShade.light]!,
      onPrimary: '#ffffff',
      muted: mutedTextColour(input.secondaryColor),
    },
    {
      name: 'Dark theme',
      background: '#2e2e2e',
      text: '#c9c9c9',
      primary: palette[primaryShade.dark]!,
      onPrimary: '#000000',
      muted: '#a1a1aa',
    },
  ];
  return (
    <Stack gap="xs" aria-label="Colour preview">
      <Text size="sm" fw={500}>
        Preview
      </Text>
      <Group gap={4} aria-hidden>
        {palette.map((shade) => (
          <Box key={shade} w={22} h={22} style={{ background: shade, borderRadius: 4 }} />
        ))}
      </Group>
      {schemes.map((scheme) => (
        <Box
          key={scheme.name}
          p="sm"
          style={{
            background: scheme.background,
            color: scheme.text,
            borderRadius: 8,
            border: '1px solid var(--mantine-color-default-border)',
          }}
        >
          <Text size="xs" mb={6} style={{ color: scheme.muted }}>
            {scheme.name}: {input.companyName}
          </Text>
          <Group gap="sm">
            <Box
              component="span"
              px="sm"
              py={6}
              style={{ background: scheme.primary, color: scheme.onPrimary, borderRadius: 6, fontSize: 14 }}
            >
              New Lead
            </Box>
            <Badge variant="filled" style={{ background: scheme.primary, color: scheme.onPrimary }}>
              Active
            </Badge>
            <Anchor component="span" size="sm" style={{ color: scheme.primary }}>
              Open record
            </Anchor>
          </Group>
        </Box>
      ))}
    </Stack>
  );
}

function LogoCard({ branding, editable }: { branding: BrandingView; editable: boolean }) {
  const upload = useUploadBrandingLogo();
  const remove = useRemoveBrandingLogo();
  const [confirming, setConfirming] = useState(false);
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="branding-logo">
      <Title order={2} fz="md" id="branding-logo">
        Logo
      </Title>
      <Text size="xs" c="dimmed" mb="sm">
        Shown in the sidebar and on the sign-in page. PNG or JPG, at most 1 MB.
      </Text>
      <Group gap="md" align="center">
        {branding.logoUrl ? (
          <img src={branding.logoUrl} alt={`${branding.companyName} logo`} style={{ maxHeight: 64, maxWidth: 240 }} />
        ) : (
          <Text size="sm" c="dimmed">
            No logo uploaded: the product's mark is shown.
          </Text>
        )}
        {editable ? (
          <Group gap="sm">
            <FileButton
              accept="image/png,image/jpeg"
              onChange={(file) =>
                file &&
                upload.mutate(file, {
                  onSuccess: () => notifications.show({ color: 'green', message: 'Logo uploaded successfully' }),
                  onError: failed,
                })
              }
            >
              {(props) => (
                <Button variant="default" loading={upload.isPending} {...props}>
                  {branding.logoUrl ? 'Replace logo' : 'Upload logo'}
                </Button>
              )}
            </FileButton>
            {branding.logoUrl ? (
              <Button variant="subtle" color="red" loading={remove.isPending} onClick={() => setConfirming(true)}>
                Remove
              </Button>
            ) : null}
          </Group>
        ) : null}
      </Group>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Remove the logo?" centered>
        <Text size="sm">The product's mark is shown instead until another logo is uploaded.</Text>
        <ConfirmActions
          mt="md"
          label="Remove"
          loading={remove.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() => remove.mutate(undefined, { onSuccess: () => setConfirming(false), onError: failed })}
        />
      </Modal>
    </Card>
  );
}
