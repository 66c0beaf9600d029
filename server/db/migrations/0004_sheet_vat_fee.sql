ALTER TABLE "sheets" ADD COLUMN "has_cny_vat_fee" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Sheet rows already in the feed get the field as the projection now writes it (every existing
-- sheet is backfilled with false). No new version: a client holding the row without the field
-- reads it as false already (SheetRow.has_cny_vat_fee is optional), so nothing needs resending.
UPDATE "sync_changes" SET "row" = "row" || '{"has_cny_vat_fee": false}'::jsonb WHERE "table_name" = 'sheets' AND "op" = 'upsert' AND "row" IS NOT NULL AND "row" -> 'has_cny_vat_fee' IS NULL;
