// The 'Assignment & Source' fields a lead and a client share (spec 1 §2.7): the lead source with the
// detail field its value asks for, and the three user pickers with the §6.4 role filters.
import { Select, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import { LEAD_SOURCES, PICKER_ROLES, REASSIGN_HINT, SOCIAL_PLATFORMS, sourceDetailField } from '@crm/domain';
import { useAuthorization } from '../../../lib/authorization.ts';
import { UserPicker } from '../../users/components/user-picker.tsx';

export type PickerField = 'managerUserId' | 'assistantManagerUserId' | 'migrationAgentUserId';

const PICKERS = [
  { field: 'managerUserId', label: 'Manager', roles: PICKER_ROLES.manager, assignedKey: 'manager' },
  {
    field: 'assistantManagerUserId',
    label: 'Assistant Manager',
    roles: PICKER_ROLES.assistantManager,
    assignedKey: 'assistantManager',
  },
  {
    field: 'migrationAgentUserId',
    label: 'Migration Agent',
    roles: PICKER_ROLES.migrationAgent,
    assignedKey: 'migrationAgent',
  },
] as const;

type SelectProps = {
  value: string | null;
  onChange: (value: string | null) => void;
  error?: ReactNode;
  onBlur?: () => void;
  onFocus?: () => void;
};
type PickerProps = { value: string; onChange: (value: string) => void; onBlur: () => void; error?: ReactNode };
type AssignedUser = { id: string; fullName: string } | null;

type AssignmentSourceFieldsProps = {
  /** Whose assign permission decides whether a saved assignment may change (spec 1 §6.2). */
  module: 'leads' | 'clients';
  leadSource: string;
  /**
   * Whether the form's field must be filled (the domain's leadRequiredFields / clientRequiredFields): a lead
   * must have a source, manager and assistant manager (spec 1 §5.1); a client's may be cleared.
   */
  isRequired: (field: string) => boolean;
  readOnly: boolean;
  select: (field: 'leadSource' | 'socialMediaPlatform') => SelectProps;
  input: (field: 'branchOffice' | 'associatePartner') => GetInputPropsReturnType;
  picker: (field: PickerField) => PickerProps;
  /** The users saved on the record, shown even when no longer assignable. */
  assigned?: { manager: AssignedUser; assistantManager: AssignedUser; migrationAgent: AssignedUser } | null;
};

export function AssignmentSourceFields({
  module,
  leadSource,
  isRequired,
  readOnly,
  select,
  input,
  picker,
  assigned,
}: AssignmentSourceFieldsProps) {
  const canReassign = useAuthorization().can(`${module}:assign`);
  const sourceRequired = isRequired('leadSource');
  // The one detail field the source shows (spec 1 §2.7); the form marks it required.
  const detail = sourceDetailField(leadSource);
  return (
    <>
      <Select
        label="Lead Source"
        required={sourceRequired}
        placeholder={sourceRequired ? undefined : 'Not set'}
        data={LEAD_SOURCES as unknown as string[]}
        clearable={!sourceRequired && !readOnly}
        {...select('leadSource')}
      />
      {detail === 'socialMediaPlatform' ? (
        <Select
          label="Social Media Platform"
          required={isRequired(detail)}
          placeholder="Choose a platform"
          data={SOCIAL_PLATFORMS as unknown as string[]}
          {...select(detail)}
        />
      ) : null}
      {detail === 'branchOffice' ? (
        <TextInput label="Branch Office" required={isRequired(detail)} {...input(detail)} />
      ) : null}
      {detail === 'associatePartner' ? (
        <TextInput label="Associate Partner" required={isRequired(detail)} {...input(detail)} />
      ) : null}
      {PICKERS.map(({ field, label, roles, assignedKey }) => {
        // Without 'assign' a saved assignment stays as it is; an empty one may still be filled.
        const locked = !canReassign && Boolean(assigned?.[assignedKey]);
        return (
          <UserPicker
            key={field}
            label={label}
            roles={roles}
            current={assigned?.[assignedKey]}
            required={isRequired(field)}
            disabled={readOnly || locked}
            description={locked && !readOnly ? REASSIGN_HINT : undefined}
            {...picker(field)}
          />
        );
      })}
    </>
  );
}
