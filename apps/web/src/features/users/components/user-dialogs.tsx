// The dialogs of User Management (spec 3 §2.4 "User dialogs"): Add New User, user details, edit names,
// Manage User Role, Suspend / Activate, Reset User Password and delete. Each shows the server's refusal
// in its own words and never closes on a failure.
import {
  Alert,
  Button,
  Group,
  Modal,
  PasswordInput,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import {
  ADMIN_SET_PASSWORD_MIN_LENGTH,
  adminPasswordErrors,
  passwordPolicyText,
  type AdminUser,
  createUserSchema,
  fullName,
  RESET_METHODS,
  type ResetMethod,
  ROLE_DESCRIPTIONS,
  ROLE_LABELS,
  ROLES,
  type Role,
  USER_ADMIN_MESSAGES,
  userManagementRefusal,
} from '@crm/domain';
import { isApiError } from '../../../lib/api-client.ts';
import { useAuthorization } from '../../../lib/authorization.ts';
import { useDateFormat } from '../../../lib/format.ts';
import { usePasswordPolicy } from '../../auth/index.ts';
import { PasswordStrengthMeter } from '../../profile/index.ts';
import { useAssignableUsers } from '../api/assignable-users.ts';
import {
  useCreateUser,
  useDeleteUser,
  useResetUserPassword,
  useSetUserStatus,
  useUpdateUser,
} from '../api/user-admin.ts';
import { GuardedModal, useCloseGuard } from '../../../components/close-guard.tsx';
import { showMailToast } from '../../mail/index.ts';
import { ConfirmActions } from '../../../components/confirm-actions.tsx';

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));
const errorText = (error: unknown) => (isApiError(error) ? error.message : 'Something went wrong. Please try again.');
const fieldErrorsOf = (error: unknown) =>
  isApiError(error)
    ? Object.fromEntries(Object.entries(error.fieldErrors).map(([field, messages]) => [field, messages.join(' ')]))
    : {};

/** A failure in the dialog, in spec 3 §8's words where the spec names the action ('Error updating role: …'). */
function Failure({ error, prefix = '' }: { error: unknown; prefix?: string }) {
  if (!error) return null;
  return (
    <Alert color="red" role="alert">
      {prefix}
      {errorText(error)}
    </Alert>
  );
}

function Actions({ children }: { children: ReactNode }) {
  return (
    <Group justify="flex-end" gap="sm" mt="xs">
      {children}
    </Group>
  );
}

/** A password shown once, with a copy button (a new account's temporary password, a random reset). */
function OneTimePassword({ label, password }: { label: string; password: string }) {
  const [copied, setCopied] = useState(false);
  // The clipboard can refuse (no permission, an insecure page): the administrator is told, never left guessing.
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(password);
      setCopied(true);
      notifications.show({ color: 'green', message: 'Password copied to clipboard' });
    } catch {
      notifications.show({ color: 'red', message: 'Failed to copy password' });
    }
  };
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap">
        <TextInput
          readOnly
          value={password}
          aria-label={label}
          ff="monospace"
          style={{ flex: 1 }}
          data-testid="one-time-password"
        />
        <Button
          variant="light"
          color={copied ? 'teal' : undefined}
          leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
          onClick={() => void copy()}
        >
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        It is shown only now. The user must change it at the next sign-in.
      </Text>
    </Stack>
  );
}

/** Add User, or Invite User (spec 3 §6's toolbar): one form, opened with the way of access chosen. */
export function AddUserDialog({
  opened,
  invite = false,
  onClose,
}: {
  opened: boolean;
  invite?: boolean;
  onClose: () => void;
}) {
  const create = useCreateUser();
  const [result, setResult] = useState<{ name: string; email: string; password: string | null } | null>(null);
  const form = useForm({
    // Spec 3 §5: the form's default role is guest, and member once the dialog has been closed.
    initialValues: { email: '', firstName: '', lastName: '', role: 'guest' as Role, invite: false },
    validate: schemaResolver(createUserSchema, { sync: true }),
  });
  // Invite User opens the same form with the invitation chosen: the choice is where the form starts, not an edit.
  // The title keeps the way it was opened while the dialog fades out.
  const [shown, setShown] = useState({ opened: false, invite });
  if (opened !== shown.opened || (opened && invite !== shown.invite)) {
    setShown({ opened, invite: opened ? invite : shown.invite });
    if (opened) {
      form.setInitialValues({ ...form.getInitialValues(), invite });
      form.setValues({ ...form.values, invite });
    }
  }
  const close = () => {
    form.setInitialValues({ email: '', firstName: '', lastName: '', role: 'member', invite: false });
    form.reset();
    create.reset();
    setResult(null);
    onClose();
  };
  const submit = form.onSubmit((values) =>
    create.mutate(values, {
      onSuccess: (created) => {
        if (created.mail) showMailToast('Invitation', created.mail);
        else notifications.show({ color: 'green', message: 'User created successfully!' });
        setResult({ name: fullName(created.user), email: created.user.email, password: created.temporaryPassword });
      },
      onError: (error) => form.setErrors(fieldErrorsOf(error)),
    }),
  );
  return (
    <GuardedModal
      opened={opened}
      onClose={close}
      unsavedEdits={!result && form.isDirty()}
      title={result ? 'User Added' : shown.invite ? 'Invite User' : 'Add New User'}
      size="md"
    >
      {result ? (
        <Stack>
          {result.password ? (
            <>
              <Text size="sm">
                {result.name} ({result.email}) can sign in now with this temporary password.
              </Text>
              <OneTimePassword label="Temporary password" password={result.password} />
            </>
          ) : (
            <Text size="sm">
              An invitation was queued for {result.email} (Administration → Mail log shows when it leaves). The account
              stays Pending until {result.name} chooses a password from the link (valid for 72 hours).
            </Text>
          )}
          <Actions>
            <Button onClick={close}>Done</Button>
          </Actions>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <TextInput label="Email" type="email" required autoComplete="off" {...form.getInputProps('email')} />
            <Group grow align="flex-start">
              <TextInput label="First Name" required {...form.getInputProps('firstName')} />
              <TextInput label="Last Name" required {...form.getInputProps('lastName')} />
            </Group>
            <Select
              label="Role"
              data={ROLE_OPTIONS}
              allowDeselect={false}
              required
              description={ROLE_DESCRIPTIONS[form.values.role]}
              {...form.getInputProps('role')}
            />
            <div>
              <Text size="sm" fw={500} mb={4}>
                How the user gets access
              </Text>
              <SegmentedControl
                fullWidth
                aria-label="How the user gets access"
                data={[
                  { value: 'direct', label: 'Create with temporary password' },
                  { value: 'invite', label: 'Send invitation email' },
                ]}
                value={form.values.invite ? 'invite' : 'direct'}
                onChange={(value) => form.setFieldValue('invite', value === 'invite')}
              />
            </div>
            <Failure
              error={create.error && !Object.keys(fieldErrorsOf(create.error)).length ? create.error : null}
              prefix={form.values.invite ? 'Failed to invite user: ' : 'Failed to create user: '}
            />
            <Actions>
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={create.isPending}>
                {form.values.invite ? 'Send Invitation' : 'Create User'}
              </Button>
            </Actions>
          </Stack>
        </form>
      )}
    </GuardedModal>
  );
}

export function UserDetailsDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const { formatDate, formatTime } = useDateFormat();
  const when = (value: string | null) => (value ? `${formatDate(value)} ${formatTime(value)}` : 'Never');
  return (
    <Modal opened={user !== null} onClose={onClose} title="User Details" size="md">
      {user ? (
        <Stack gap="xs">
          {[
            ['Name', fullName(user)],
            ['Email', user.email],
            ['Phone', user.phone ?? '—'],
            ['Role', ROLE_LABELS[user.role]],
            ['Status', user.status.charAt(0).toUpperCase() + user.status.slice(1)],
            ['Last Login', when(user.lastLoginAt)],
            ['Created', when(user.createdAt)],
            ['Temporary password', user.mustChangePassword ? 'Not changed yet' : 'No'],
            ['Locked until', user.lockedUntil ? when(user.lockedUntil) : 'Not locked'],
          ].map(([label, value]) => (
            <Group key={label} justify="space-between" wrap="nowrap" gap="md">
              <Text size="sm" c="dimmed">
                {label}
              </Text>
              <Text size="sm" ta="right" style={{ overflowWrap: 'anywhere' }}>
                {value}
              </Text>
            </Group>
          ))}
          <Actions>
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
          </Actions>
        </Stack>
      ) : null}
    </Modal>
  );
}

export function EditUserDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  return (
    <GuardedModal opened={user !== null} onClose={onClose} title="Edit User" size="md">
      {user ? <EditUserForm key={user.id} user={user} onClose={onClose} /> : null}
    </GuardedModal>
  );
}

function EditUserForm({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const update = useUpdateUser();
  const form = useForm({
    initialValues: { firstName: user.firstName, lastName: user.lastName },
    validate: {
      firstName: (v) => (v.trim() ? null : USER_ADMIN_MESSAGES.requiredFields),
      lastName: (v) => (v.trim() ? null : USER_ADMIN_MESSAGES.requiredFields),
    },
  });
  const submit = form.onSubmit((values) =>
    update.mutate(
      { id: user.id, firstName: values.firstName.trim(), lastName: values.lastName.trim(), version: user.version },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: 'User updated successfully' });
          onClose();
        },
        onError: (error) => form.setErrors(fieldErrorsOf(error)),
      },
    ),
  );
  useCloseGuard(form.isDirty());
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm" c="dimmed">
          {user.email}
        </Text>
        <TextInput label="First Name" required {...form.getInputProps('firstName')} />
        <TextInput label="Last Name" required {...form.getInputProps('lastName')} />
        <Failure error={update.error} prefix="Error updating user: " />
        <Actions>
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>
            Save Changes
          </Button>
        </Actions>
      </Stack>
    </form>
  );
}

export function ManageRoleDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  return (
    <GuardedModal opened={user !== null} onClose={onClose} title="Manage User Role" size="md">
      {user ? <ManageRoleForm key={user.id} user={user} onClose={onClose} /> : null}
    </GuardedModal>
  );
}

/** The signed-in user as the rank rule takes it (the dialogs open only for a signed-in user). */
function useActor() {
  const { role, user } = useAuthorization();
  return { id: user?.id ?? '', role };
}

function ManageRoleForm({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const update = useUpdateUser();
  const actor = useActor();
  // Only the roles the rank rule lets this user give (its own one stays listed as the starting value).
  const options = ROLE_OPTIONS.filter(
    (option) =>
      option.value === user.role ||
      userManagementRefusal(actor, user, 'change_role', { newRole: option.value }) === null,
  );
  const [role, setRole] = useState<Role>(user.role);
  useCloseGuard(role !== user.role);
  const save = () =>
    update.mutate(
      { id: user.id, role, version: user.version },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: `User role updated to ${ROLE_LABELS[role]}` });
          onClose();
        },
      },
    );
  return (
    <Stack>
      <Text size="sm">
        {fullName(user)} · {user.email}
      </Text>
      <Select
        label="Role"
        data={options}
        value={role}
        allowDeselect={false}
        onChange={(value) => value && setRole(value as Role)}
        description={ROLE_DESCRIPTIONS[role]}
      />
      <Failure error={update.error} prefix="Error updating role: " />
      <Actions>
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={save} loading={update.isPending} disabled={role === user.role}>
          Update Role
        </Button>
      </Actions>
    </Stack>
  );
}

export function UserStatusDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const change = useSetUserStatus();
  const suspending = user?.status === 'active';
  const close = () => {
    change.reset();
    onClose();
  };
  return (
    <Modal opened={user !== null} onClose={close} title={suspending ? 'Suspend User' : 'Activate User'} size="md">
      {user ? (
        <Stack>
          <Text size="sm">
            {suspending
              ? `Suspend ${fullName(user)}? They are signed out at once and cannot sign in until the account is activated again.`
              : `Activate ${fullName(user)}? They can sign in again.`}
          </Text>
          <Failure error={change.error} prefix="Error updating status: " />
          <ConfirmActions
            gap="sm"
            mt="xs"
            label={suspending ? 'Suspend' : 'Activate'}
            color={suspending ? 'red' : 'green'}
            loading={change.isPending}
            onCancel={close}
            onConfirm={() =>
              change.mutate(
                { id: user.id, status: suspending ? 'suspended' : 'active' },
                {
                  onSuccess: () => {
                    notifications.show({
                      color: 'green',
                      title: 'User status updated successfully',
                      message: suspending ? 'User has been suspended' : 'User has been activated',
                    });
                    close();
                  },
                },
              )
            }
          />
        </Stack>
      ) : null}
    </Modal>
  );
}

const RESET_METHOD_LABELS: Record<ResetMethod, string> = {
  email: 'Email link',
  manual: 'Set password',
  random: 'Random password',
};

export function ResetPasswordDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  return (
    <GuardedModal opened={user !== null} onClose={onClose} title="Reset User Password" size="md">
      {user ? <ResetPasswordForm key={user.id} user={user} onClose={onClose} /> : null}
    </GuardedModal>
  );
}

function ResetPasswordForm({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const reset = useResetUserPassword();
  const actor = useActor();
  // A password someone else knows only for a manager of higher rank: between account administrators, the link.
  const methods = RESET_METHODS.filter(
    (resetMethod) => userManagementRefusal(actor, user, 'reset_password', { resetMethod }) === null,
  );
  const [method, setMethod] = useState<ResetMethod>('email');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [generated, setGenerated] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const policy = usePasswordPolicy();
  useCloseGuard(method === 'manual' && (password !== '' || confirm !== ''));

  const submit = () => {
    setProblem(null);
    if (method === 'manual') {
      // Spec 3 §5's messages, checked here first; the server checks again (with the stored policy).
      if (!password) return setProblem(USER_ADMIN_MESSAGES.passwordRequired);
      if (password !== confirm) return setProblem(USER_ADMIN_MESSAGES.passwordsDiffer);
      const errors = adminPasswordErrors(password, policy);
      if (errors.length > 0) return setProblem(errors.join(', '));
    }
    const body =
      method === 'manual'
        ? { method, password, confirmPassword: confirm }
        : ({ method } as { method: 'email' | 'random' });
    reset.mutate(
      { id: user.id, ...body },
      {
        onSuccess: (result) => {
          if (result.password) {
            setGenerated(result.password);
            notifications.show({ color: 'green', message: 'Random password generated! Copy it before closing.' });
          } else if (method === 'email') {
            if (result.mail) showMailToast('Password reset link', result.mail);
            setSent(true);
          } else {
            notifications.show({ color: 'green', message: 'Password reset successfully' });
            onClose();
          }
        },
      },
    );
  };

  if (generated) {
    return (
      <Stack>
        <OneTimePassword label="New password" password={generated} />
        <Actions>
          <Button onClick={onClose}>Done</Button>
        </Actions>
      </Stack>
    );
  }
  if (sent) {
    return (
      <Stack>
        <Text size="sm">
          A link to choose a new password was queued for {user.email}. It works once, within an hour.
        </Text>
        <Actions>
          <Button onClick={onClose}>Done</Button>
        </Actions>
      </Stack>
    );
  }
  return (
    <Stack>
      <Text size="sm">
        {fullName(user)} · {user.email}
      </Text>
      <SegmentedControl
        fullWidth
        aria-label="Reset method"
        value={method}
        onChange={(value) => {
          setMethod(value as ResetMethod);
          setProblem(null);
        }}
        data={methods.map((value) => ({ value, label: RESET_METHOD_LABELS[value] }))}
      />
      {methods.length < RESET_METHODS.length ? (
        <Text size="xs" c="dimmed">
          {USER_ADMIN_MESSAGES.peerPasswordByLink}
        </Text>
      ) : null}
      {method === 'manual' ? (
        <>
          <PasswordInput
            label="New password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            autoComplete="new-password"
            description={passwordPolicyText(policy, ADMIN_SET_PASSWORD_MIN_LENGTH)}
          />
          <PasswordStrengthMeter password={password} policy={policy} minLength={ADMIN_SET_PASSWORD_MIN_LENGTH} />
          <PasswordInput
            label="Confirm password"
            value={confirm}
            onChange={(e) => setConfirm(e.currentTarget.value)}
            autoComplete="new-password"
          />
        </>
      ) : (
        <Text size="sm" c="dimmed">
          {method === 'email'
            ? 'The user receives a link to choose a new password.'
            : 'A strong password is generated and shown once for you to pass on. The user changes it at the next sign-in.'}
        </Text>
      )}
      {problem ? (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      ) : null}
      <Failure
        error={reset.error}
        prefix={method === 'email' ? 'Error sending reset email: ' : 'Error resetting password: '}
      />
      <Actions>
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={submit} loading={reset.isPending}>
          {method === 'email' ? 'Send Reset Link' : method === 'manual' ? 'Set Password' : 'Generate Password'}
        </Button>
      </Actions>
    </Stack>
  );
}

export function DeleteUserDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  return (
    <Modal opened={user !== null} onClose={onClose} title="Delete User" size="md">
      {user ? <DeleteUserForm key={user.id} user={user} onClose={onClose} /> : null}
    </Modal>
  );
}

function DeleteUserForm({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const remove = useDeleteUser();
  const heirs = useAssignableUsers(ROLES);
  const [heir, setHeir] = useState<string | null>(null);
  const options = (heirs.data ?? [])
    .filter((u) => u.id !== user.id)
    .map((u) => ({ value: u.id, label: `${u.fullName} (${ROLE_LABELS[u.role as Role]})` }));
  return (
    <Stack>
      <Text size="sm">
        Delete {fullName(user)} ({user.email})? They can no longer sign in and leave the user list; what they did stays
        in the history.
      </Text>
      <Select
        label="Hand over their leads, clients and open tasks to"
        placeholder="Leave them Unassigned"
        data={options}
        value={heir}
        onChange={setHeir}
        clearable
        searchable
        nothingFoundMessage="No active user found"
      />
      <Failure error={remove.error} />
      <ConfirmActions
        gap="sm"
        mt="xs"
        label="Delete User"
        loading={remove.isPending}
        onCancel={onClose}
        onConfirm={() =>
          remove.mutate(
            { id: user.id, reassignTo: heir },
            {
              onSuccess: () => {
                notifications.show({ color: 'green', message: 'User deleted successfully' });
                onClose();
              },
            },
          )
        }
      />
    </Stack>
  );
}
