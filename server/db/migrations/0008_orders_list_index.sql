DROP INDEX "orders_company_idx";--> statement-breakpoint
CREATE INDEX "orders_company_list_idx" ON "orders" USING btree ("company_id","create_time","id","brand_name");