// The 'Assignment & Source' fields a lead and a client share (spec 1 §2.7): the lead source with the
// detail field its value asks for, and the three user pickers with the §6.4 role filters.
import { Select, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import { LEAD_SOURCES, PICKER_ROLES, REASSIGN_HINT, SOCIAL_PLATFORMS } from '@crm/domain';
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
  /** Pickers the form must fill (the lead form: manager and assistant manager, spec 1 §5.1). */
  requiredPickers?: readonly PickerField[];
  /** Whose assign permission decides whether a saved assignment may change (spec 1 §6.2). */
  module: 'leads' | 'clients';
  leadSource: string;
  /** A lead must have a source; a client's may be cleared. */
  sourceRequired: boolean;
  readOnly: boolean;
  select: (field: 'leadSource' | 'socialMediaPlatform') => SelectProps;
  input: (field: 'branchOffice' | 'associatePartner') => GetInputPropsReturnType;
  picker: (field: PickerField) => PickerProps;
  /** The users saved on the record, shown even when no longer assignable. */
  assigned?: { manager: AssignedUser; assistantManager: AssignedUser; migrationAgent: AssignedUser } | null;
};

export function AssignmentSourceFields({
  requiredPickers = [],
  module,
  leadSource,
  sourceRequired,
  readOnly,
  select,
  input,
  picker,
  assigned,
}: AssignmentSourceFieldsProps) {
  const canReassign = useAuthorization().can(`${module}:assign`);
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
      {leadSource === 'Social Media' ? (
        <Select
          label="Social Media Platform"
          required
          placeholder="Choose a platform"
          data={SOCIAL_PLATFORMS as unknown as string[]}
          {...select('socialMediaPlatform')}
        />
      ) : null}
      {leadSource === 'Branch Office' ? <TextInput label="Branch Office" required {...input('branchOffice')} /> : null}
      {leadSource === 'Associate Partner' ? (
        <TextInput label="Associate Partner" required {...input('associatePartner')} />
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
            required={requiredPickers.includes(field)}
            disabled={readOnly || locked}
            description={locked && !readOnly ? REASSIGN_HINT : undefined}
            {...picker(field)}
          />
        );
      })}
    </>
  );
}
