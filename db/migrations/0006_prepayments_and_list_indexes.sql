ALTER TYPE "public"."credit_entry_kind" ADD VALUE 'prepayment' BEFORE 'applied';--> statement-breakpoint
DROP INDEX "invoices_apartment_period_key";--> statement-breakpoint
DROP INDEX "invoices_tenant_created_idx";--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "invoice_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "apartment_id" uuid;--> statement-breakpoint
UPDATE "payments" SET "apartment_id" = "invoices"."apartment_id" FROM "invoices" WHERE "invoices"."id" = "payments"."invoice_id";--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "apartment_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_apartment_id_apartments_id_fk" FOREIGN KEY ("apartment_id") REFERENCES "public"."apartments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_tenant_building_created_idx" ON "invoices" USING btree ("tenant_id","building_id","created_at","id");--> statement-breakpoint
CREATE INDEX "payments_tenant_created_idx" ON "payments" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_apartment_period_key" ON "invoices" USING btree ("apartment_id","period_start","period_end") WHERE status <> 'void';--> statement-breakpoint
CREATE INDEX "invoices_tenant_created_idx" ON "invoices" USING btree ("tenant_id","created_at","id");