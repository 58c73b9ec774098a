import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../profile/password.ts';

export const signInSchema = z.object({
  email: z.string().trim().min(1, 'Email is required').pipe(z.email('Invalid email format')),
  password: z.string().min(1, 'Password is required').max(PASSWORD_MAX_LENGTH),
});
export type SignInInput = z.infer<typeof signInSchema>;

export const SIGN_IN_MESSAGES = {
  invalid: 'Invalid email or password.',
  locked: (minutes: number) =>
    `Too many failed sign-in attempts. Your account is locked; try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  suspended: 'Your account has been suspended. Please contact your administrator.',
  inactive: 'Your account is not active. Please contact your administrator.',
  maintenance: 'The system is under maintenance. Only administrators can sign in.',
  /** A temporary password (new account, administrator's reset) or an expired one must be changed first. */
  changePasswordFirst: 'Please change your password to continue.',
  authenticationRequired: 'Authentication required',
  /** Many failures from one client address, over any accounts. */
  tooManyFromAddress: (minutes: number) =>
    `Too many sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
} as const;

export const PASSWORD_RESET_MESSAGES = {
  /** The same answer whether or not the address belongs to an account (or its mail limit is used up). */
  sent: 'Password reset email sent! Check your inbox.',
  /** Spec 3 §7: reset attempts are rate limited. */
  tooMany: (minutes: number) => `Too many password reset attempts. Please wait ${minutes} minutes.`,
  invalidLink: 'This reset link is invalid or has expired.',
  updated: 'Password updated successfully',
} as const;
