// Who manages a record (manager, assistant manager, migration agent) and who may change it (spec 1 §6.2).

export const ASSIGNMENT_FIELDS = ['managerUserId', 'assistantManagerUserId', 'migrationAgentUserId'] as const;
export type AssignmentField = (typeof ASSIGNMENT_FIELDS)[number];
export type AssignmentValues = Partial<Record<AssignmentField, string | null | undefined>>;

/**
 * The assignments a save would change or clear. Changing who manages a record is the 'assign' action
 * (team_lead and above); without it a user may fill an empty assignment, but not give a record away or
 * take it over.
 */
export function reassignedFields(before: AssignmentValues, next: AssignmentValues): AssignmentField[] {
  return ASSIGNMENT_FIELDS.filter((field) => {
    const was = before[field] || null;
    return was !== null && (next[field] || null) !== was;
  });
}

export const REASSIGN_HINT = 'Only team leads and above can change an assigned user.';
