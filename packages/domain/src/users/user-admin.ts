// Administration → User Management (spec 3 §2.4, §3 "User", §4 user status, §5 users, §6): the list, the
// statistics cards, the dialogs' bodies and the refusals, for the server and the web alike.
import { z } from 'zod';
import { mailReceiptSchema } from '../mail/mail-log.ts';
import { type Role, ROLES } from '../access/roles.ts';
import { listQueryBase, multiValue } from '../records/list-query.ts';
import { pageSchemaOf } from '../records/pagination.ts';
import { USER_STATUSES } from './user.ts';
import { DEFAULT_PASSWORD_POLICY, type PasswordPolicy, passwordPolicyErrors } from '../profile/password.ts';

/** Spec 3 §6: who may do what in User Management, and the refusals the server answers with. */
export const USER_ADMIN_MESSAGES = {
  requiredFields: 'Please fill in all required fields',
  emailTaken: 'A user with this email address already exists',
  onlyAccountAdminsAdd: 'Only account administrators can add users',
  onlyAccountAdminsRole: 'Only account administrators can change user roles',
  onlyAccountAdminsDelete: 'Only account administrators can delete users',
  onlyAccountAdminsExport: 'Only account administrators can export users',
  protectedAccountAdmin: 'Only account administrators can manage account administrator accounts',
  lastAccountAdmin: 'There must always be at least one active account administrator',
  notYourself: 'You cannot suspend, delete or change the role of your own account',
  ownPassword: 'Change your own password in My Profile',
  onlyAdministratorsEdit: 'Only administrators can edit users',
  onlyAdministratorsStatus: 'Only administrators can suspend or activate users',
  onlyAdministratorsReset: 'Only administrators can reset user passwords',
  lowerRankOnly: 'You can only manage users whose role ranks below yours',
  roleAtOrAboveYours: 'You can only give a role that ranks below yours',
  peerPasswordByLink:
    'Another account administrator’s password can only be reset by an emailed link, so that no one else knows it',
  notFound: 'User not found',
  alreadyActive: 'This user is already active',
  alreadySuspended: 'This user is already suspended',
  pendingInvitation: 'This user has not accepted the invitation yet',
  tooManyResets: (minutes: number) => `Too many password reset attempts. Please wait ${minutes} minutes.`,
  passwordRequired: 'Password is required',
  passwordsDiffer: 'Passwords do not match',
  reassignTarget: 'Choose an active user to take over the records',
} as const;

/** Spec 3 §5: a password an administrator types needs at least 12 characters. */
export const ADMIN_SET_PASSWORD_MIN_LENGTH = 12;

/** A user as Administration lists and shows it (the profile fields and the account's state). */
export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  role: z.enum(ROLES),
  status: z.enum(USER_STATUSES),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Signed in with a temporary password that has not been changed yet. */
  mustChangePassword: z.boolean(),
  /** Locked by failed sign-ins until this time. */
  lockedUntil: z.string().nullable(),
  version: z.number().int(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const USER_SORT_FIELDS = ['createdAt', 'lastName', 'email', 'lastLoginAt'] as const;

export const userListQuerySchema = listQueryBase.extend({
  status: multiValue(z.enum(USER_STATUSES)),
  role: multiValue(z.enum(ROLES)),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

export const userPageSchema = pageSchemaOf(adminUserSchema);
export type UserPage = z.infer<typeof userPageSchema>;

/** Spec 3 "User statistics": the cards above the list. Administrators are both administrator roles. */
export const userStatisticsSchema = z.object({
  total: z.number().int(),
  active: z.number().int(),
  inactive: z.number().int(),
  pending: z.number().int(),
  suspended: z.number().int(),
  administrators: z.number().int(),
  members: z.number().int(),
});
export type UserStatistics = z.infer<typeof userStatisticsSchema>;

const requiredText = (max: number) =>
  z.string({ error: USER_ADMIN_MESSAGES.requiredFields }).trim().min(1, USER_ADMIN_MESSAGES.requiredFields).max(max);

/**
 * Add New User: `invite: false` creates the account with a temporary password shown once (to be changed
 * at the first sign-in); `invite: true` mails a link to choose a password (the account is Pending until then).
 */
export const createUserSchema = z.object({
  email: z
    .string({ error: USER_ADMIN_MESSAGES.requiredFields })
    .trim()
    .min(1, USER_ADMIN_MESSAGES.requiredFields)
    .max(254)
    .pipe(z.email('Please enter a valid email address')),
  firstName: requiredText(100),
  lastName: requiredText(100),
  role: z.enum(ROLES, { error: 'Choose a role' }),
  invite: z.boolean().default(false),
});
export type CreateUserInput = z.input<typeof createUserSchema>;

export const createdUserSchema = z.object({
  user: adminUserSchema,
  /** Only when the account was created directly: shown once, never stored in clear. */
  temporaryPassword: z.string().nullable(),
  /** Only for an invitation: its mail in the Mail log (queued until it leaves). */
  mail: mailReceiptSchema.nullable(),
});
export type CreatedUser = z.infer<typeof createdUserSchema>;

/** Edit user (names) and Manage User Role; only the fields sent change. */
export const updateUserSchema = z
  .object({
    firstName: requiredText(100).optional(),
    lastName: requiredText(100).optional(),
    role: z.enum(ROLES, { error: 'Choose a role' }).optional(),
    version: z.number().int().min(1),
  })
  .refine((v) => v.firstName !== undefined || v.lastName !== undefined || v.role !== undefined, {
    message: 'Nothing to change',
    path: ['firstName'],
  });
export type UpdateUserInput = z.infer<typeof updateUserSchema>;

/** Reset User Password: a link by email, a password typed by the administrator, or a random one shown once. */
export const RESET_METHODS = ['email', 'manual', 'random'] as const;
export type ResetMethod = (typeof RESET_METHODS)[number];

export const resetUserPasswordSchema = z
  .object({
    method: z.enum(RESET_METHODS, { error: 'Choose how to reset the password' }),
    /** `manual` only: the password the administrator sets, and its confirmation. */
    password: z.string().optional(),
    confirmPassword: z.string().optional(),
  })
  .refine((v) => v.method !== 'manual' || Boolean(v.password), {
    message: USER_ADMIN_MESSAGES.passwordRequired,
    path: ['password'],
  });
export type ResetUserPasswordInput = z.infer<typeof resetUserPasswordSchema>;

export const resetUserPasswordResultSchema = z.object({
  method: z.enum(RESET_METHODS),
  /** Only for `random`: the new password, shown once for copying. */
  password: z.string().nullable(),
  /** Only for `email`: the link's mail in the Mail log (queued until it leaves). */
  mail: mailReceiptSchema.nullable(),
});
export type ResetUserPasswordResult = z.infer<typeof resetUserPasswordResultSchema>;

/** Delete: the user's leads, clients and open tasks go to another active user, or stay with no one. */
export const deleteUserQuerySchema = z.object({
  reassignTo: z.uuid(USER_ADMIN_MESSAGES.reassignTarget).optional(),
});

export const USER_BULK_ACTIONS = ['activate', 'suspend', 'delete'] as const;
export type UserBulkAction = (typeof USER_BULK_ACTIONS)[number];

export const userBulkSchema = z.object({
  action: z.enum(USER_BULK_ACTIONS, { error: 'Choose an action' }),
  ids: z.array(z.uuid()).min(1, 'Select at least one user').max(500),
});
export type UserBulkInput = z.infer<typeof userBulkSchema>;

export const userBulkResultSchema = z.object({
  done: z.number().int(),
  /** The users left as they were, each with the reason. */
  skipped: z.array(z.object({ id: z.string(), reason: z.string() })),
});
export type UserBulkResult = z.infer<typeof userBulkResultSchema>;

/** Spec 3 §9: the users CSV's columns (the name is one cell, first name then last). */
export const USER_EXPORT_COLUMNS = ['Name', 'Email', 'Role', 'Status', 'Last Login'] as const;

/** Spec 3 §2.4 "Members": every role below the two administrator roles. */
export const isMemberRole = (role: Role) => role !== 'account_administrator' && role !== 'administrator';

/**
 * Spec 3 §5's admin-set password: at least 12 characters (or the stored minimum, if higher) with the
 * character classes the stored policy switches on (decision 0032: the switches govern every password set).
 */
export function adminPasswordErrors(password: string, policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY): string[] {
  return passwordPolicyErrors(password, policy, ADMIN_SET_PASSWORD_MIN_LENGTH);
}
