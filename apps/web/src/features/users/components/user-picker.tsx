// A user picker (spec 1 §6.4, §2.7): the users of the given roles; stores the chosen user's id.
import { Select } from '@mantine/core';
import { type AssignableUser, isRole, type Role, ROLE_LABELS } from '@crm/domain';
import { useAssignableUsers } from '../api/assignable-users.ts';

type UserPickerProps = {
  label: string;
  roles: readonly Role[];
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: React.ReactNode;
  /** The user saved on the record, shown even when no longer assignable (inactive, role changed). */
  current?: { id: string; fullName: string } | null;
  disabled?: boolean;
  required?: boolean;
  description?: React.ReactNode;
};

export function UserPicker({
  label,
  roles,
  value,
  onChange,
  onBlur,
  error,
  current,
  disabled,
  required,
  description,
}: UserPickerProps) {
  const users = useAssignableUsers(roles, !disabled);
  const list: AssignableUser[] = users.data ?? [];
  const data = list.map((u) => ({ value: u.id, label: u.fullName, role: u.role }));
  if (current && !data.some((d) => d.value === current.id))
    data.unshift({ value: current.id, label: current.fullName, role: '' });

  const placeholder = users.isLoading ? 'Loading users...' : data.length === 0 ? 'No users available' : 'Unassigned';
  return (
    <Select
      label={label}
      placeholder={placeholder}
      data={data}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
      onBlur={onBlur}
      searchable
      nothingFoundMessage="No users available"
      description={description}
      required={required}
      // A required picker is cleared by choosing another user, never emptied.
      clearable={!required}
      disabled={disabled || users.isLoading}
      error={users.isError ? 'Failed to load users. Please refresh the page.' : error}
      renderOption={({ option }) => {
        const role = data.find((d) => d.value === option.value)?.role;
        return (
          <span>
            {option.label}
            {role ? (
              <span style={{ color: 'var(--mantine-color-dimmed)', fontSize: 12 }}>
                {' '}
                · {isRole(role) ? ROLE_LABELS[role] : role}
              </span>
            ) : null}
          </span>
        );
      }}
    />
  );
}
