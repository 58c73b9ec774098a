-- Issue 25: one live receipt per payment (the next migration adds a unique index). Parallel requests could
-- save two receipts of one payment; the later ones are deleted softly (their numbers stay taken, so the
-- sequence keeps no gap) and the deletion is written to the audit log.
INSERT INTO "audit_logs" ("action", "resource_type", "resource_id", "old_values", "new_values")
SELECT 'DELETE_RECEIPT', 'INVOICE', r."invoice_id"::text, jsonb_build_object('receiptNumber', r."receipt_number"),
  jsonb_build_object('reason', 'A second receipt of the same payment')
FROM "receipts" r
WHERE r."deleted_at" IS NULL AND r."payment_id" IS NOT NULL AND EXISTS (
  SELECT 1 FROM "receipts" f
  WHERE f."payment_id" = r."payment_id" AND f."deleted_at" IS NULL AND f."sequence" < r."sequence"
);
--> statement-breakpoint
UPDATE "receipts" r SET "deleted_at" = now()
WHERE r."deleted_at" IS NULL AND r."payment_id" IS NOT NULL AND EXISTS (
  SELECT 1 FROM "receipts" f
  WHERE f."payment_id" = r."payment_id" AND f."deleted_at" IS NULL AND f."sequence" < r."sequence"
);
