import { z } from 'zod';

export const signInSchema = z.object({
  email: z.string().trim().min(1, 'Email is required').pipe(z.email('Invalid email format')),
  password: z.string().min(1, 'Password is required').max(128),
});
export type SignInInput = z.infer<typeof signInSchema>;

export const SIGN_IN_MESSAGES = {
  invalid: 'Invalid email or password.',
  locked: (minutes: number) =>
    `Too many failed sign-in attempts. Your account is locked; try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  suspended: 'Your account has been suspended. Please contact your administrator.',
  inactive: 'Your account is not active. Please contact your administrator.',
  maintenance: 'The system is under maintenance. Only administrators can sign in.',
  authenticationRequired: 'Authentication required',
} as const;
