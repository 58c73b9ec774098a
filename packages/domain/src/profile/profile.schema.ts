// My Profile forms (spec 2 §5 profile form and password change).
import { z } from 'zod';
import { patchSchemaOf } from '../records/patch.ts';
import { PASSWORD_MAX_LENGTH, type PasswordPolicy, passwordPolicyErrors } from './password.ts';

export const profileUpdateSchema = z.object({
  firstName: z.string().trim().min(2, 'First name must be at least 2 characters').max(50),
  lastName: z.string().trim().min(2, 'Last name must be at least 2 characters').max(50),
  phone: z
    .string()
    .trim()
    .max(30, 'Phone must be 30 characters or fewer')
    .regex(/^[0-9+()\-\s]*$/, 'Phone may contain only digits, spaces, +, - and parentheses')
    .optional()
    .or(z.literal('')),
});
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;

/** PATCH /api/profile: the fields that change, with the version last read. */
export const profilePatchSchema = patchSchemaOf(profileUpdateSchema).meta({
  example: { phone: '+61 412 345 678', version: 1 },
});
export type ProfilePatch = z.infer<typeof profilePatchSchema>;

/**
 * New password, as the API takes it: the form's own rule (spec 2 §5: at least 8, at most 128). The stored
 * policy's rules (minimum, character classes) are the server's to check against the settings of the moment,
 * so a body schema fixed at start-up cannot hold them; the forms add them with `…SchemaFor(policy)`.
 */
const newPasswordSchemaWith = (policy: PasswordPolicy | null) =>
  z.string().superRefine((value, ctx) => {
    if (value.length < 8) {
      ctx.addIssue({ code: 'custom', message: 'Password must be at least 8 characters' });
      return;
    }
    const errors = policy
      ? passwordPolicyErrors(value, policy)
      : value.length > PASSWORD_MAX_LENGTH
        ? [`Password must be no more than ${PASSWORD_MAX_LENGTH} characters long`]
        : [];
    for (const message of errors) ctx.addIssue({ code: 'custom', message });
  });

export const newPasswordSchema = newPasswordSchemaWith(null);

const passwordChangeSchemaWith = (policy: PasswordPolicy | null) =>
  z
    .object({
      currentPassword: z.string().min(1, 'Current password is required').max(PASSWORD_MAX_LENGTH),
      newPassword: newPasswordSchemaWith(policy),
      confirmPassword: z.string().max(PASSWORD_MAX_LENGTH),
    })
    .refine((v) => v.newPassword === v.confirmPassword, {
      message: "Passwords don't match",
      path: ['confirmPassword'],
    });

/** PUT /api/profile/password's body; the server then checks the stored policy. */
export const passwordChangeSchema = passwordChangeSchemaWith(null);
/** My Profile's password form: the body's rules and the firm's policy, so the form says what the server will. */
export const passwordChangeSchemaFor = (policy: PasswordPolicy) => passwordChangeSchemaWith(policy);
export type PasswordChangeInput = z.infer<typeof passwordChangeSchema>;

export const passwordResetRequestSchema = z.object({
  email: z.email('Invalid email address'),
});

const passwordResetSchemaWith = (policy: PasswordPolicy | null) =>
  z
    .object({
      token: z
        .string()
        .min(20, 'This reset link is invalid or has expired.')
        .max(200, 'This reset link is invalid or has expired.'),
      newPassword: newPasswordSchemaWith(policy),
      confirmPassword: z.string().max(PASSWORD_MAX_LENGTH),
    })
    .refine((v) => v.newPassword === v.confirmPassword, {
      message: "Passwords don't match",
      path: ['confirmPassword'],
    });

/** The reset link's body; the server then checks the stored policy. */
export const passwordResetSchema = passwordResetSchemaWith(null);
/** The reset page's form, with the firm's policy. */
export const passwordResetSchemaFor = (policy: PasswordPolicy) => passwordResetSchemaWith(policy);
export type PasswordResetInput = z.infer<typeof passwordResetSchema>;
