ALTER TABLE "brands" ADD COLUMN "created_by_company_id" bigint;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "request_hash" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "tokens_valid_after" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "external_issuer" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "external_subject" text;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_external_subject_key" ON "accounts" USING btree ("external_issuer","external_subject");