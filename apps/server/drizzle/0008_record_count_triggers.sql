-- Maintained counts (docs/decisions/0008): statement-level triggers with transition tables add what each
-- statement put into a bucket and take away what it took out, in the statement's transaction. Buckets are
-- upserted in key order, so two transactions never wait for each other's counters in opposite orders.
-- Keys: leads 'status|hidden|converted' over live leads (not deleted, not archived); clients
-- 'status|hidden' over live clients (not deleted); contacts 'contact_status|can_revert_to_lead'.

CREATE FUNCTION crm_count_key_lead(status text, hidden boolean, converted_at timestamptz) RETURNS text
  LANGUAGE sql IMMUTABLE AS $$ SELECT status || '|' || hidden::text || '|' || (converted_at IS NOT NULL)::text $$;
--> statement-breakpoint
CREATE FUNCTION crm_count_leads() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO record_counts (list, key, n)
    SELECT 'leads', k, sum(d) FROM (
      SELECT crm_count_key_lead(lead_status, is_hidden, converted_at) AS k, 1 AS d FROM new_rows
      WHERE deleted_at IS NULL AND archived_at IS NULL
    ) c GROUP BY k HAVING sum(d) <> 0 ORDER BY k
    ON CONFLICT (list, key) DO UPDATE SET n = record_counts.n + excluded.n;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO record_counts (list, key, n)
    SELECT 'leads', k, sum(d) FROM (
      SELECT crm_count_key_lead(lead_status, is_hidden, converted_at) AS k, 1 AS d FROM new_rows
      WHERE deleted_at IS NULL AND archived_at IS NULL
      UNION ALL
      SELECT crm_count_key_lead(lead_status, is_hidden, converted_at), -1 FROM old_rows
      WHERE deleted_at IS NULL AND archived_at IS NULL
    ) c GROUP BY k HAVING sum(d) <> 0 ORDER BY k
    ON CONFLICT (list, key) DO UPDATE SET n = record_counts.n + excluded.n;
  ELSE
    INSERT INTO record_counts (list, key, n)
    SELECT 'leads', k, -sum(d) FROM (
      SELECT crm_count_key_lead(lead_status, is_hidden, converted_at) AS k, 1 AS d FROM old_rows
      WHERE deleted_at IS NULL AND archived_at IS NULL
    ) c GROUP BY k HAVING sum(d) <> 0 ORDER BY k
    ON CONFLICT (list, key) DO UPDATE SET n = record_counts.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER leads_count_insert AFTER INSERT ON leads REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION crm_count_leads();
--> statement-breakpoint
CREATE TRIGGER leads_count_update AFTER UPDATE ON leads REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION crm_count_leads();
--> statement-breakpoint
CREATE TRIGGER leads_count_delete AFTER DELETE ON leads REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION crm_count_leads();
--> statement-breakpoint
CREATE FUNCTION crm_count_clients() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO record_counts (list, key, n)
    SELECT 'clients', k, sum(d) FROM (
      SELECT status || '|' || is_hidden::text AS k, 1 AS d FROM new_rows WHERE deleted_at IS NULL
    ) c GROUP BY k HAVING sum(d) <> 0 ORDER BY k
    ON CONFLICT (list, key) DO UPDATE SET n = record_counts.n + excluded.n;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO record_counts (list, key, n)
    SELECT 'clients', k, sum(d) FROM (
      SELECT status || '|' || is_hidden::text AS k, 1 AS d FROM new_rows WHERE deleted_at IS NULL
      UNION ALL
      SELECT status || '|' || is_hidden::text, -1 FROM old_rows WHERE deleted_at IS NULL
    ) c GROUP BY k HAVING sum(d) <> 0 ORDER BY k
    ON CONFLICT (list, key) DO UPDATE SET n = record_counts.n + excluded.n;
  ELSE
    INSERT INTO record_counts (list, key, n)
    SELECT 'clients', k, -sum(d) FROM (
      SELECT status || '|' || is_hidden::text AS k, 1 AS d FROM old_rows WHERE deleted_at IS NULL
    ) c GROUP BY k HAVING sum(d) <> 0 ORDER BY k
    ON CONFLICT (list, key) DO UPDATE SET n = record_counts.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER clients_count_insert AFTER INSERT ON clients REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION crm_count_clients();
--> statement-breakpoint
CREATE TRIGGER clients_count_update AFTER UPDATE ON clients REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION crm_count_clients();
--> statement-breakpoint
CREATE TRIGGER clients_count_delete AFTER DELETE ON clients REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION crm_count_clients();
--> statement-breakpoint
CREATE FUNCTION crm_count_contacts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO record_counts (list, key, n)
    SELECT 'contacts', k, sum(d) FROM (
      SELECT contact_status || '|' || coalesce(can_revert_to_lead, false)::text AS k, 1 AS d FROM new_rows
    ) c GROUP BY k HAVING sum(d) <> 0 ORDER BY k
    ON CONFLICT (list, key) DO UPDATE SET n = record_counts.n + excluded.n;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO record_counts (list, key, n)
    SELECT 'contacts', k, sum(d) FROM (
      SELECT contact_status || '|' || coalesce(can_revert_to_lead, false)::text AS k, 1 AS d FROM new_rows
      UNION ALL
      SELECT contact_status || '|' || coalesce(can_revert_to_lead, false)::text, -1 FROM old_rows
    ) c GROUP BY k HAVING sum(d) <> 0 ORDER BY k
    ON CONFLICT (list, key) DO UPDATE SET n = record_counts.n + excluded.n;
  ELSE
    INSERT INTO record_counts (list, key, n)
    SELECT 'contacts', k, -sum(d) FROM (
      SELECT contact_status || '|' || coalesce(can_revert_to_lead, false)::text AS k, 1 AS d FROM old_rows
    ) c GROUP BY k HAVING sum(d) <> 0 ORDER BY k
    ON CONFLICT (list, key) DO UPDATE SET n = record_counts.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER contacts_count_insert AFTER INSERT ON contacts REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION crm_count_contacts();
--> statement-breakpoint
CREATE TRIGGER contacts_count_update AFTER UPDATE ON contacts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION crm_count_contacts();
--> statement-breakpoint
CREATE TRIGGER contacts_count_delete AFTER DELETE ON contacts REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION crm_count_contacts();
--> statement-breakpoint
-- The rows that exist already.
INSERT INTO record_counts (list, key, n)
SELECT 'leads', crm_count_key_lead(lead_status, is_hidden, converted_at), count(*) FROM leads
WHERE deleted_at IS NULL AND archived_at IS NULL GROUP BY 2;
--> statement-breakpoint
INSERT INTO record_counts (list, key, n)
SELECT 'clients', status || '|' || is_hidden::text, count(*) FROM clients WHERE deleted_at IS NULL GROUP BY 2;
--> statement-breakpoint
INSERT INTO record_counts (list, key, n)
SELECT 'contacts', contact_status || '|' || coalesce(can_revert_to_lead, false)::text, count(*) FROM contacts GROUP BY 2;
