DROP INDEX "payments_tenant_created_idx";--> statement-breakpoint
CREATE INDEX "payments_tenant_sort_idx" ON "payments" USING btree ("tenant_id",coalesce("paid_at", "created_at"),"id");