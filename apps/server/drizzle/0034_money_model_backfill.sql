-- Issue 25: the money model for what was saved before it (docs/decisions/0012, 0022).
-- 1. A cancelled invoice gets its credit note as a document of its own (its number was already taken from
--    the credit-note counter), crediting every line, dated the firm's day it was cancelled.
INSERT INTO "credit_notes" ("credit_note_number", "sequence", "invoice_id", "issue_date", "reason", "cancels", "of_tax_invoice", "lines",
  "taxable_amount", "non_taxable_amount", "tax", "total", "currency", "apply_tax", "tax_rate", "invoice_number",
  "invoice_issue_date", "invoice_total", "client_name", "client_address", "created_at", "updated_at", "created_by", "updated_by")
SELECT i."credit_note_number", substring(i."credit_note_number" from '(\d+)$')::bigint, i."id",
  (coalesce(i."cancelled_at", i."updated_at") AT TIME ZONE coalesce(
    (SELECT "setting_value"->>'timeZone' FROM "system_settings" WHERE "setting_key" = 'display_settings'), 'Australia/Sydney'))::date,
  coalesce(nullif(i."cancel_reason", ''), 'Cancelled'), true, i."currency" = 'AUD' AND i."apply_tax" AND i."tax" > 0,
  coalesce((SELECT jsonb_agg(jsonb_build_object('index', t.ord - 1, 'description', t.it->>'description',
      'amount', t.it->>'amount', 'taxable', (t.it->>'taxable')::boolean) ORDER BY t.ord)
    FROM jsonb_array_elements(i."items") WITH ORDINALITY AS t(it, ord) WHERE (t.it->>'amount')::numeric > 0), '[]'::jsonb),
  i."taxable_subtotal", i."non_taxable_subtotal", i."tax", i."total", i."currency", i."apply_tax", i."tax_rate",
  i."invoice_number", i."issue_date", i."total", i."client_name", i."client_address",
  coalesce(i."cancelled_at", i."updated_at"), coalesce(i."cancelled_at", i."updated_at"), i."updated_by", i."updated_by"
FROM "invoices" i
WHERE i."state" = 'cancelled' AND i."credit_note_number" ~ '\d+$';
--> statement-breakpoint
-- 2. An invoice paid in full had added its billed amounts to its services; once cancelled, that money no
--    longer pays them (floored at zero: the old rule capped what it added at the fee).
UPDATE "services" s SET "paid_amount" = greatest(0, s."paid_amount" - b."billed"), "version" = s."version" + 1
FROM (
  SELECT (t.it->>'serviceId')::uuid AS "service_id", sum((t.it->>'amount')::numeric) AS "billed"
  FROM "invoices" i, jsonb_array_elements(i."items") AS t(it)
  WHERE i."state" = 'cancelled' AND i."payment_date" IS NOT NULL AND t.it->>'serviceId' IS NOT NULL
  GROUP BY 1
) b
WHERE s."id" = b."service_id";
--> statement-breakpoint
-- 3. Money received on a cancelled invoice of a lead or client is kept for them as client money.
INSERT INTO "client_ledgers" ("lead_id", "client_id", "currency", "balance", "version")
SELECT i."lead_id", i."client_id", i."currency", sum(i."amount_paid"), 1
FROM "invoices" i
WHERE i."state" = 'cancelled' AND i."amount_paid" > 0 AND num_nonnulls(i."lead_id", i."client_id") = 1
GROUP BY i."lead_id", i."client_id", i."currency";
--> statement-breakpoint
INSERT INTO "client_ledger_entries" ("ledger_id", "kind", "entry_date", "amount", "method", "invoice_id", "payment_id",
  "credit_note_id", "created_at", "created_by")
SELECT l."id", 'from_invoice', c."issue_date", p."amount", p."method", i."id", p."id", c."id", c."created_at", c."created_by"
FROM "invoices" i
JOIN "invoice_payments" p ON p."invoice_id" = i."id"
JOIN "credit_notes" c ON c."invoice_id" = i."id"
JOIN "client_ledgers" l ON l."currency" = i."currency"
  AND (l."lead_id" = i."lead_id" OR l."client_id" = i."client_id")
WHERE i."state" = 'cancelled' AND i."amount_paid" > 0;
--> statement-breakpoint
-- 4. Without a lead or client to hold it for, the money is recorded as refunded, marked to be confirmed.
INSERT INTO "refunds" ("refund_date", "amount", "currency", "method", "reference", "client_name", "invoice_id",
  "invoice_number", "payment_id", "credit_note_id", "credit_note_number", "created_at", "created_by")
SELECT c."issue_date", p."amount", i."currency", 'Other',
  'Recorded at the upgrade to credit notes: confirm how this was repaid', i."client_name", i."id", i."invoice_number",
  p."id", c."id", c."credit_note_number", c."created_at", c."created_by"
FROM "invoices" i
JOIN "invoice_payments" p ON p."invoice_id" = i."id"
JOIN "credit_notes" c ON c."invoice_id" = i."id"
WHERE i."state" = 'cancelled' AND i."amount_paid" > 0 AND i."lead_id" IS NULL AND i."client_id" IS NULL;
--> statement-breakpoint
UPDATE "credit_notes" c SET
  "moved_to_client_credit" = CASE WHEN num_nonnulls(i."lead_id", i."client_id") = 1 THEN i."amount_paid" ELSE 0 END,
  "refunded" = CASE WHEN num_nonnulls(i."lead_id", i."client_id") = 1 THEN 0 ELSE i."amount_paid" END
FROM "invoices" i
WHERE c."invoice_id" = i."id" AND i."amount_paid" > 0;
--> statement-breakpoint
-- 5. A cancelled invoice is credited in full and holds no money.
UPDATE "invoices" SET "credited" = "total", "amount_paid" = 0, "payment_date" = NULL
WHERE "state" = 'cancelled';
--> statement-breakpoint
-- 6. The money on every other invoice pays its services in line order, each line up to its amount.
INSERT INTO "invoice_allocations" ("invoice_id", "service_id", "amount")
SELECT a."invoice_id", a."service_id", sum(a."paid")
FROM (
  SELECT i."id" AS "invoice_id", (t.it->>'serviceId')::uuid AS "service_id",
    greatest(0, least((t.it->>'amount')::numeric, i."amount_paid" - coalesce(sum((t.it->>'amount')::numeric)
      OVER (PARTITION BY i."id" ORDER BY t.ord ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0))) AS "paid"
  FROM "invoices" i, jsonb_array_elements(i."items") WITH ORDINALITY AS t(it, ord)
  WHERE i."deleted_at" IS NULL AND i."amount_paid" > 0
) a
WHERE a."service_id" IS NOT NULL AND a."paid" > 0 AND EXISTS (SELECT 1 FROM "services" s WHERE s."id" = a."service_id")
GROUP BY a."invoice_id", a."service_id";
--> statement-breakpoint
-- A part payment now reaches its services too (it did not before: added to what was recorded on them); a
-- payment in full was already in the paid amount (capped at the fee, so never below what invoices paid).
UPDATE "services" s SET "invoice_paid_amount" = a."total",
  "paid_amount" = greatest(s."paid_amount" + a."partial", a."total"), "version" = s."version" + 1
FROM (
  SELECT al."service_id", sum(al."amount") AS "total",
    coalesce(sum(al."amount") FILTER (WHERE i."state" = 'partially_paid'), 0) AS "partial"
  FROM "invoice_allocations" al JOIN "invoices" i ON i."id" = al."invoice_id"
  GROUP BY al."service_id"
) a
WHERE s."id" = a."service_id";
--> statement-breakpoint
-- 7. A receipt shows the payments before its own and the balance left after it.
UPDATE "receipts" r SET
  "earlier_payments" = coalesce((
    SELECT jsonb_agg(jsonb_build_object('paymentDate', e."payment_date"::text, 'amount', e."amount"::text,
      'method', e."method", 'kind', e."kind") ORDER BY e."created_at", e."id")
    FROM "invoice_payments" e JOIN "invoice_payments" p ON p."id" = r."payment_id"
    WHERE e."invoice_id" = p."invoice_id" AND (e."created_at", e."id") < (p."created_at", p."id")), '[]'::jsonb),
  "balance_due" = greatest(0, r."total" - coalesce((
    SELECT sum(e."amount")
    FROM "invoice_payments" e JOIN "invoice_payments" p ON p."id" = r."payment_id"
    WHERE e."invoice_id" = p."invoice_id" AND (e."created_at", e."id") <= (p."created_at", p."id")), 0))
WHERE r."payment_id" IS NOT NULL;
