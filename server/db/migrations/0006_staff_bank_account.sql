ALTER TABLE "contacts" ADD COLUMN "bank_account_name" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "bank_account_number" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "bank_code" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "bank_name" text;