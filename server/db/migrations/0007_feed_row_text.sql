ALTER TABLE "sync_changes" ADD COLUMN "row_text" text;--> statement-breakpoint
-- The feed now sends each change's stored JSON text as is. Rows stored before this migration get
-- jsonb's text of the same row: not the bytes JSON.stringify wrote (jsonb orders keys and prints
-- `": "`), but JSON of an equal value, which is all the client reads (it parses every page). No new
-- version: no client holds anything different. Rows written from now on carry JSON.stringify's text.
UPDATE "sync_changes" SET "row_text" = "row"::text WHERE "row" IS NOT NULL;
