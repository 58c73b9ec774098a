// My Profile forms (spec 2 §5 profile form and password change).
import { z } from 'zod';
import { patchSchemaOf } from '../records/patch.ts';
import { PASSWORD_MAX_LENGTH, passwordPolicyErrors } from './password.ts';

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

/** New password: the spec's form rule, then the strength policy's messages. */
export const newPasswordSchema = z.string().superRefine((value, ctx) => {
  if (value.length < 8) {
    ctx.addIssue({ code: 'custom', message: 'Password must be at least 8 characters' });
    return;
  }
  for (const message of passwordPolicyErrors(value)) ctx.addIssue({ code: 'custom', message });
});

export const passwordChangeSchema = z
  .object({
    currentPassword: z.string().min(1, 'Current password is required').max(PASSWORD_MAX_LENGTH),
    newPassword: newPasswordSchema,
    confirmPassword: z.string().max(PASSWORD_MAX_LENGTH),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type PasswordChangeInput = z.infer<typeof passwordChangeSchema>;

export const passwordResetRequestSchema = z.object({
  email: z.email('Invalid email address'),
});

export const passwordResetSchema = z
  .object({
    token: z
      .string()
      .min(20, 'This reset link is invalid or has expired.')
      .max(200, 'This reset link is invalid or has expired.'),
    newPassword: newPasswordSchema,
    confirmPassword: z.string().max(PASSWORD_MAX_LENGTH),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type PasswordResetInput = z.infer<typeof passwordResetSchema>;
