// /profile: My Profile (spec 2): personal information, account details, security, sign out.
import {
  Alert,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconLogout, IconMail } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { type CurrentUser, passwordChangeSchemaFor, profileUpdateSchema, ROLE_LABELS } from '@crm/domain';
import { PageHeader } from '../../components/page-header.tsx';
import { RoleBadge } from '../../components/role-badge.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { pageName, useDocumentTitle } from '../../lib/use-document-title.ts';
import { isApiError } from '../../lib/api-client.ts';
import { useDateFormat } from '../../lib/format.ts';
import { usePasswordPolicy, useSignOut } from '../auth/index.ts';
import { useChangePassword, useProfile, useSendPasswordResetEmail, useUpdateProfile } from './api/profile.ts';
import { NewPasswordFields } from './new-password-fields.tsx';
import { NotificationSwitchesCard } from '../notifications/index.ts';

export function ProfilePage() {
  useDocumentTitle(pageName('/profile'));
  const profile = useProfile();
  const signOut = useSignOut();
  if (profile.isPending) return <PageLoader />;
  if (profile.isError) {
    return (
      <Alert color="red" title="Unable to load user profile. Please try refreshing the page or signing in again.">
        <Text size="sm" mb="sm">
          Failed to load profile data: {profile.error.message}. Please try refreshing the page.
        </Text>
        <Button size="xs" variant="light" color="red" onClick={() => void profile.refetch()}>
          Retry
        </Button>
      </Alert>
    );
  }
  const user = profile.data;
  return (
    <>
      <PageHeader
        title="My Profile"
        subtitle={<RoleBadge role={user.role} />}
        actions={
          <Button
            variant="default"
            leftSection={<IconLogout size={16} />}
            onClick={() => signOut.mutate()}
            loading={signOut.isPending}
          >
            Sign Out
          </Button>
        }
      />
      {user.mustChangePassword ? (
        <Alert color="orange" title="Please change your password to continue." mb="lg" role="alert">
          You signed in with a temporary or expired password. Choose a new one under Security; the rest of Visa CRM
          opens once it is changed.
        </Alert>
      ) : null}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            <PersonalInformationCard user={user} />
            <SecurityCard />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            <AccountDetailsCard user={user} />
            <NotificationSwitchesCard scope="profile" />
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}

function PersonalInformationCard({ user }: { user: CurrentUser }) {
  const update = useUpdateProfile();
  const form = useForm({
    mode: 'controlled',
    initialValues: { firstName: user.firstName, lastName: user.lastName, phone: user.phone ?? '' },
    validate: schemaResolver(profileUpdateSchema, { sync: true }),
    validateInputOnChange: true,
  });
  // A change saved elsewhere (another tab, live update) refreshes the form unless it is being edited.
  useEffect(() => {
    if (!form.isDirty()) {
      form.setValues({ firstName: user.firstName, lastName: user.lastName, phone: user.phone ?? '' });
      form.resetDirty({ firstName: user.firstName, lastName: user.lastName, phone: user.phone ?? '' });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the saved record changes
  }, [user.version]);

  const submit = form.onSubmit((values) =>
    update.mutate(
      { ...values, version: user.version },
      {
        onSuccess: (saved) => {
          form.resetDirty({ firstName: saved.firstName, lastName: saved.lastName, phone: saved.phone ?? '' });
          notifications.show({ color: 'green', message: 'Profile updated successfully' });
        },
        onError: (error) => {
          if (isApiError(error))
            form.setErrors(Object.fromEntries(Object.entries(error.fieldErrors).map(([k, v]) => [k, v[0]])));
          notifications.show({
            color: 'red',
            message: isApiError(error) && error.status === 409 ? error.message : 'Failed to update profile',
          });
        },
      },
    ),
  );
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="personal-information">
      <Title order={2} fz="lg" mb="md" id="personal-information">
        Personal Information
      </Title>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="First name" required autoComplete="given-name" {...form.getInputProps('firstName')} />
            <TextInput label="Last name" required autoComplete="family-name" {...form.getInputProps('lastName')} />
          </SimpleGrid>
          <TextInput
            label="Email"
            value={user.email}
            disabled
            readOnly
            description="Your sign-in email cannot be changed here."
          />
          <TextInput label="Phone" type="tel" autoComplete="tel" {...form.getInputProps('phone')} />
          <Group justify="flex-end">
            <Button variant="default" disabled={!form.isDirty() || update.isPending} onClick={() => form.reset()}>
              Cancel
            </Button>
            <Button type="submit" loading={update.isPending} disabled={!form.isDirty() || !form.isValid()}>
              Save Changes
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function SecurityCard() {
  const change = useChangePassword();
  const sendReset = useSendPasswordResetEmail();
  const policy = usePasswordPolicy();
  const validate = useMemo(() => schemaResolver(passwordChangeSchemaFor(policy), { sync: true }), [policy]);
  const form = useForm({
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validate,
  });
  const submit = form.onSubmit((values) =>
    change.mutate(values, {
      onSuccess: () => {
        form.reset();
        notifications.show({ color: 'green', message: 'Password updated successfully' });
      },
      onError: (error) => {
        if (isApiError(error) && Object.keys(error.fieldErrors).length > 0) {
          form.setErrors(Object.fromEntries(Object.entries(error.fieldErrors).map(([k, v]) => [k, v.join(' ')])));
          if (!error.fieldErrors.currentPassword) {
            notifications.show({
              color: 'red',
              message: `Password validation failed: ${Object.values(error.fieldErrors).flat().join(', ')}`,
            });
          }
          return;
        }
        notifications.show({ color: 'red', message: 'Failed to update password' });
      },
    }),
  );
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="security">
      <Title order={2} fz="lg" mb="md" id="security">
        Security
      </Title>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            required
            {...form.getInputProps('currentPassword')}
          />
          <NewPasswordFields form={form} policy={policy} />
          <Group justify="space-between" wrap="wrap">
            <Button
              variant="subtle"
              leftSection={<IconMail size={16} />}
              loading={sendReset.isPending}
              onClick={() =>
                sendReset.mutate(undefined, {
                  onSuccess: () =>
                    notifications.show({ color: 'green', message: 'Password reset email sent! Check your inbox.' }),
                  onError: () => notifications.show({ color: 'red', message: 'Failed to send password reset email' }),
                })
              }
            >
              Send Password Reset Email
            </Button>
            <Button type="submit" loading={change.isPending}>
              Update Password
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function AccountDetailsCard({ user }: { user: CurrentUser }) {
  const { formatDate } = useDateFormat();
  const rows: [string, React.ReactNode][] = [
    ['Role', ROLE_LABELS[user.role]],
    [
      'Status',
      <Badge key="s" color={user.status === 'active' ? 'green' : 'gray'} variant="dot">
        {user.status === 'active' ? 'Active' : user.status}
      </Badge>,
    ],
    ['Member since', formatDate(user.createdAt)],
    ['Last sign-in', user.lastLoginAt ? formatDate(user.lastLoginAt) : 'Not set'],
    [
      'User ID',
      <Text key="id" size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
        {user.id}
      </Text>,
    ],
  ];
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="account-details">
      <Title order={2} fz="lg" mb="md" id="account-details">
        Account Details
      </Title>
      <Stack gap="sm">
        {rows.map(([label, value]) => (
          <Group key={label} justify="space-between" wrap="nowrap" align="flex-start">
            <Text size="sm" c="dimmed">
              {label}
            </Text>
            {typeof value === 'string' ? (
              <Text size="sm" fw={500} ta="right">
                {value}
              </Text>
            ) : (
              value
            )}
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
