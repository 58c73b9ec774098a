-- Issue 29 (docs/decisions/0036): user status and role changes under spec 3's audit action names. A
-- suspension or activation is one UPDATE_USER_STATUS and a role change one UPDATE_USER_ROLE, each already
-- holding the old and the new value; rows written under the earlier names take the spec's, so the Audit Logs
-- filter, its search and the Security counters find them without a second vocabulary. Only the action's name
-- changes: who, when, what and the values stay as recorded.
UPDATE "audit_logs" SET "action" = 'UPDATE_USER_STATUS' WHERE "action" IN ('SUSPEND_USER', 'ACTIVATE_USER');
--> statement-breakpoint
UPDATE "audit_logs" SET "action" = 'UPDATE_USER_ROLE' WHERE "action" = 'CHANGE_USER_ROLE';
