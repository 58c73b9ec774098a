import { z } from 'zod';
import { ROLES } from '../access/roles.ts';

export const USER_STATUSES = ['active', 'suspended', 'inactive', 'pending'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** A user's status as User Management, the Audit Logs and every other screen print it. */
export const USER_STATUS_LABELS: Record<UserStatus, string> = {
  active: 'Active',
  suspended: 'Suspended',
  inactive: 'Inactive',
  pending: 'Pending',
};

/** The signed-in user as the API returns it. */
export const currentUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  role: z.enum(ROLES),
  status: z.enum(USER_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
  lastLoginAt: z.string().nullable(),
  mustChangePassword: z.boolean(),
  version: z.number().int(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export function fullName(user: { firstName: string; lastName: string }): string {
  return `${user.firstName} ${user.lastName}`.trim();
}

export function initials(user: { firstName: string; lastName: string }): string {
  return `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();
}
