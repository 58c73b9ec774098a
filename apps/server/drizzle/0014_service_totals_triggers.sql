-- The Finance overview's sums (schema/services.ts serviceTotals; docs/decisions/0009): like the record counts
-- (migration 0008), statement-level triggers with transition tables add what each statement put into a bucket
-- and take away what it took out, in the statement's transaction, upserting buckets in key order. A service
-- counts while it is listed (not deleted, its record live); its payment status is derived exactly as
-- paymentStatusSql derives it (services.repository.ts).

CREATE FUNCTION crm_service_payment_status(fee numeric, paid numeric) RETURNS text
  LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN fee IS NULL OR fee = 0 THEN 'N/A' WHEN paid >= fee THEN 'Paid'
    WHEN paid > 0 THEN 'Partially Paid' ELSE 'Unpaid' END $$;
--> statement-breakpoint
CREATE FUNCTION crm_service_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO service_totals AS t (currency, entity_type, service_status, payment_status, n, fee, paid, due)
    SELECT currency, entity_type, service_status, payment_status, sum(d), sum(d * fee), sum(d * paid), sum(d * due)
    FROM (
    SELECT currency, CASE WHEN lead_id IS NOT NULL THEN 'lead' ELSE 'client' END AS entity_type, service_status,
      crm_service_payment_status(service_fee, paid_amount) AS payment_status, 1 AS d,
      coalesce(service_fee, 0) AS fee, paid_amount AS paid, coalesce(service_fee - paid_amount, 0) AS due
    FROM new_rows WHERE deleted_at IS NULL AND record_live
    ) c
    GROUP BY currency, entity_type, service_status, payment_status
    ORDER BY currency, entity_type, service_status, payment_status
    ON CONFLICT (currency, entity_type, service_status, payment_status) DO UPDATE
      SET n = t.n + excluded.n, fee = t.fee + excluded.fee, paid = t.paid + excluded.paid, due = t.due + excluded.due;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO service_totals AS t (currency, entity_type, service_status, payment_status, n, fee, paid, due)
    SELECT currency, entity_type, service_status, payment_status, sum(d), sum(d * fee), sum(d * paid), sum(d * due)
    FROM (
    SELECT currency, CASE WHEN lead_id IS NOT NULL THEN 'lead' ELSE 'client' END AS entity_type, service_status,
      crm_service_payment_status(service_fee, paid_amount) AS payment_status, 1 AS d,
      coalesce(service_fee, 0) AS fee, paid_amount AS paid, coalesce(service_fee - paid_amount, 0) AS due
    FROM new_rows WHERE deleted_at IS NULL AND record_live
    UNION ALL
    SELECT currency, CASE WHEN lead_id IS NOT NULL THEN 'lead' ELSE 'client' END AS entity_type, service_status,
      crm_service_payment_status(service_fee, paid_amount) AS payment_status, -1 AS d,
      coalesce(service_fee, 0) AS fee, paid_amount AS paid, coalesce(service_fee - paid_amount, 0) AS due
    FROM old_rows WHERE deleted_at IS NULL AND record_live
    ) c
    GROUP BY currency, entity_type, service_status, payment_status
    ORDER BY currency, entity_type, service_status, payment_status
    ON CONFLICT (currency, entity_type, service_status, payment_status) DO UPDATE
      SET n = t.n + excluded.n, fee = t.fee + excluded.fee, paid = t.paid + excluded.paid, due = t.due + excluded.due;
  ELSE
    INSERT INTO service_totals AS t (currency, entity_type, service_status, payment_status, n, fee, paid, due)
    SELECT currency, entity_type, service_status, payment_status, sum(d), sum(d * fee), sum(d * paid), sum(d * due)
    FROM (
    SELECT currency, CASE WHEN lead_id IS NOT NULL THEN 'lead' ELSE 'client' END AS entity_type, service_status,
      crm_service_payment_status(service_fee, paid_amount) AS payment_status, -1 AS d,
      coalesce(service_fee, 0) AS fee, paid_amount AS paid, coalesce(service_fee - paid_amount, 0) AS due
    FROM old_rows WHERE deleted_at IS NULL AND record_live
    ) c
    GROUP BY currency, entity_type, service_status, payment_status
    ORDER BY currency, entity_type, service_status, payment_status
    ON CONFLICT (currency, entity_type, service_status, payment_status) DO UPDATE
      SET n = t.n + excluded.n, fee = t.fee + excluded.fee, paid = t.paid + excluded.paid, due = t.due + excluded.due;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER services_totals_insert AFTER INSERT ON services REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION crm_service_totals();
--> statement-breakpoint
CREATE TRIGGER services_totals_update AFTER UPDATE ON services REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION crm_service_totals();
--> statement-breakpoint
CREATE TRIGGER services_totals_delete AFTER DELETE ON services REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION crm_service_totals();
--> statement-breakpoint
-- The services already stored.
INSERT INTO service_totals (currency, entity_type, service_status, payment_status, n, fee, paid, due)
SELECT currency, entity_type, service_status, payment_status, sum(d), sum(fee), sum(paid), sum(due)
FROM (
  SELECT currency, CASE WHEN lead_id IS NOT NULL THEN 'lead' ELSE 'client' END AS entity_type, service_status,
      crm_service_payment_status(service_fee, paid_amount) AS payment_status, 1 AS d,
      coalesce(service_fee, 0) AS fee, paid_amount AS paid, coalesce(service_fee - paid_amount, 0) AS due
    FROM services WHERE deleted_at IS NULL AND record_live
) c
GROUP BY currency, entity_type, service_status, payment_status;
