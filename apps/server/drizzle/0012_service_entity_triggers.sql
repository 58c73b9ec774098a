-- The record's name, email and state on each service (schema/services.ts): filled when a service is written
-- or moves to another record, and kept exact when the record changes, in the same transaction.

CREATE FUNCTION crm_service_entity() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.lead_id IS NOT NULL THEN
    SELECT first_name || ' ' || last_name, email, deleted_at IS NULL
      INTO NEW.entity_name, NEW.entity_email, NEW.record_live FROM leads WHERE id = NEW.lead_id;
  ELSE
    SELECT first_name || ' ' || last_name, email, deleted_at IS NULL
      INTO NEW.entity_name, NEW.entity_email, NEW.record_live FROM clients WHERE id = NEW.client_id;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER services_entity BEFORE INSERT OR UPDATE OF lead_id, client_id ON services
  FOR EACH ROW EXECUTE FUNCTION crm_service_entity();
--> statement-breakpoint
CREATE FUNCTION crm_lead_services_entity() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE services SET entity_name = NEW.first_name || ' ' || NEW.last_name, entity_email = NEW.email,
    record_live = NEW.deleted_at IS NULL
  WHERE lead_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER leads_services_entity AFTER UPDATE OF first_name, last_name, email, deleted_at ON leads
  FOR EACH ROW
  WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name
    OR OLD.email IS DISTINCT FROM NEW.email OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
  EXECUTE FUNCTION crm_lead_services_entity();
--> statement-breakpoint
CREATE FUNCTION crm_client_services_entity() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE services SET entity_name = NEW.first_name || ' ' || NEW.last_name, entity_email = NEW.email,
    record_live = NEW.deleted_at IS NULL
  WHERE client_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER clients_services_entity AFTER UPDATE OF first_name, last_name, email, deleted_at ON clients
  FOR EACH ROW
  WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name
    OR OLD.email IS DISTINCT FROM NEW.email OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
  EXECUTE FUNCTION crm_client_services_entity();
