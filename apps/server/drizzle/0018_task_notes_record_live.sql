-- Whether a task's record is live, on the task (schema/tasks.ts recordLive): set when a task is written or
-- moves to another record, and kept exact when the record is deleted, archived or restored, in the same
-- transaction. My Tasks, its cards and the reminders then read one table.

CREATE FUNCTION crm_task_record_live() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.lead_id IS NOT NULL THEN
    SELECT deleted_at IS NULL AND archived_at IS NULL INTO NEW.record_live FROM leads WHERE id = NEW.lead_id;
  ELSE
    SELECT deleted_at IS NULL INTO NEW.record_live FROM clients WHERE id = NEW.client_id;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER task_notes_record_live BEFORE INSERT OR UPDATE OF lead_id, client_id ON task_notes
  FOR EACH ROW EXECUTE FUNCTION crm_task_record_live();
--> statement-breakpoint
CREATE FUNCTION crm_lead_tasks_live() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE task_notes SET record_live = NEW.deleted_at IS NULL AND NEW.archived_at IS NULL WHERE lead_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER leads_tasks_live AFTER UPDATE OF deleted_at, archived_at ON leads
  FOR EACH ROW
  WHEN (OLD.deleted_at IS DISTINCT FROM NEW.deleted_at OR OLD.archived_at IS DISTINCT FROM NEW.archived_at)
  EXECUTE FUNCTION crm_lead_tasks_live();
--> statement-breakpoint
CREATE FUNCTION crm_client_tasks_live() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE task_notes SET record_live = NEW.deleted_at IS NULL WHERE client_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER clients_tasks_live AFTER UPDATE OF deleted_at ON clients
  FOR EACH ROW WHEN (OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
  EXECUTE FUNCTION crm_client_tasks_live();
--> statement-breakpoint
-- The tasks already stored.
UPDATE task_notes t SET record_live = coalesce(
  (SELECT l.deleted_at IS NULL AND l.archived_at IS NULL FROM leads l WHERE l.id = t.lead_id),
  (SELECT c.deleted_at IS NULL FROM clients c WHERE c.id = t.client_id),
  false);
