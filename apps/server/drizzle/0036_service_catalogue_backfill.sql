-- Issue 25 point 5 (docs/decisions/0024): the service catalogue and tax treatments for what was saved before.
-- 1. The default catalogue (the domain's DEFAULT_SERVICE_TYPES; a test holds the two together).
INSERT INTO "service_types" ("name", "default_treatment") VALUES
  ('Consultation Fee', 'taxable'),
  ('Professional Fee - Student Visa', 'taxable'),
  ('Professional Fee - Visit Visa', 'taxable'),
  ('Professional Fee - Skilled Visa (189/190/491)', 'taxable'),
  ('Professional Fee - Employer Sponsored Visa (482/186)', 'taxable'),
  ('Professional Fee - Partner Visa', 'taxable'),
  ('Professional Fee - Graduate Visa (485)', 'taxable'),
  ('Visa Application', 'government_charge'),
  ('Skills Assessment', 'government_charge'),
  ('Health Insurance', 'gst_free'),
  ('Tuition Fee', 'gst_free'),
  ('Other', 'taxable')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- 2. Existing services keep what 'Bill services' gave their lines (the domain's legacyTreatmentOf): a name or
--    category of a government charge or a provider's fee is not taxed; everything else is a taxable fee.
UPDATE "services" SET "tax_treatment" = CASE
    WHEN "service_name" IN ('Visa Application', 'Skills Assessment') THEN 'government_charge'
    WHEN "service_name" IN ('Health Insurance', 'Tuition Fee') THEN 'gst_free'
    WHEN "service_category" IN ('Visa Application', 'Skills Assessment') THEN 'government_charge'
    ELSE 'gst_free' END
WHERE "service_name" IN ('Visa Application', 'Skills Assessment', 'Health Insurance', 'Tuition Fee')
   OR "service_category" IN ('Visa Application', 'Skills Assessment', 'Health Insurance', 'Tuition Fee');
--> statement-breakpoint
-- 3. Every saved invoice line and receipt line says its treatment: taxed lines were taxable fees, untaxed
--    ones government charges passed on (the back-compat reading of `taxable`), with no reason.
UPDATE "invoices" SET "items" = (
  SELECT jsonb_agg(t.it || jsonb_build_object(
      'taxTreatment', CASE WHEN (t.it->>'taxable')::boolean THEN 'taxable' ELSE 'government_charge' END,
      'treatmentReason', NULL) ORDER BY t.ord)
  FROM jsonb_array_elements("items") WITH ORDINALITY AS t(it, ord))
WHERE jsonb_array_length("items") > 0;
--> statement-breakpoint
UPDATE "receipts" SET "items" = (
  SELECT jsonb_agg(t.it || jsonb_build_object(
      'taxTreatment', CASE WHEN (t.it->>'taxable')::boolean THEN 'taxable' ELSE 'government_charge' END,
      'treatmentReason', NULL) ORDER BY t.ord)
  FROM jsonb_array_elements("items") WITH ORDINALITY AS t(it, ord))
WHERE jsonb_array_length("items") > 0;
