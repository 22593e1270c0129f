CREATE UNIQUE INDEX "apartments_tenant_id_key" ON "apartments" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statements_tenant_id_key" ON "bank_statements" USING btree ("tenant_id","id");--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_tenant_id_tenants_id_fk";
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_apartment_id_apartments_id_fk";
--> statement-breakpoint
ALTER TABLE "bank_statement_entries" DROP CONSTRAINT "bank_statement_entries_tenant_id_tenants_id_fk";
--> statement-breakpoint
ALTER TABLE "bank_statement_entries" DROP CONSTRAINT "bank_statement_entries_statement_id_bank_statements_id_fk";
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_apartment_fk" FOREIGN KEY ("tenant_id","apartment_id") REFERENCES "public"."apartments"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_entries" ADD CONSTRAINT "bank_statement_entries_statement_fk" FOREIGN KEY ("tenant_id","statement_id") REFERENCES "public"."bank_statements"("tenant_id","id") ON DELETE cascade ON UPDATE no action;
