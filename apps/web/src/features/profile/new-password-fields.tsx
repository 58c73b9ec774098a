// A new password and its confirmation with the live strength meter between them, in a Mantine form with
// `newPassword` and `confirmPassword` (Profile → Security, Reset Password).
import { PasswordInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { type PasswordPolicy, passwordPolicyText } from '@crm/domain';
import { PasswordStrengthMeter } from './password-strength-meter.tsx';

type NewPasswordForm = {
  values: { newPassword: string };
  // A method, so that a form over more fields (the current password too) fits.
  getInputProps(path: 'newPassword' | 'confirmPassword'): GetInputPropsReturnType;
};

export function NewPasswordFields({ form, policy }: { form: NewPasswordForm; policy: PasswordPolicy }) {
  return (
    <>
      <PasswordInput
        label="New password"
        autoComplete="new-password"
        required
        description={passwordPolicyText(policy)}
        {...form.getInputProps('newPassword')}
      />
      <PasswordStrengthMeter password={form.values.newPassword} policy={policy} />
      <PasswordInput
        label="Confirm password"
        autoComplete="new-password"
        required
        {...form.getInputProps('confirmPassword')}
      />
    </>
  );
}
