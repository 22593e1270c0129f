CREATE TYPE "public"."bank_entry_status" AS ENUM('matched', 'unmatched', 'ignored');--> statement-breakpoint
CREATE TABLE "bank_statement_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"statement_id" uuid NOT NULL,
	"account_iban" text NOT NULL,
	"bank_ref" text NOT NULL,
	"booking_date" date NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"payer_name" text,
	"payer_iban" text,
	"reference" text,
	"description" text,
	"status" "bank_entry_status" NOT NULL,
	"matched_by" text,
	"apartment_id" uuid,
	"suggested_apartment_id" uuid,
	"suggested_invoice_id" uuid,
	"matched_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"format" text NOT NULL,
	"entries" integer NOT NULL,
	"new_entries" integer NOT NULL,
	"imported_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_statement_entries" ADD CONSTRAINT "bank_statement_entries_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_entries" ADD CONSTRAINT "bank_statement_entries_statement_id_bank_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."bank_statements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_entries" ADD CONSTRAINT "bank_statement_entries_apartment_id_apartments_id_fk" FOREIGN KEY ("apartment_id") REFERENCES "public"."apartments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_entries" ADD CONSTRAINT "bank_statement_entries_suggested_apartment_id_apartments_id_fk" FOREIGN KEY ("suggested_apartment_id") REFERENCES "public"."apartments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_entries" ADD CONSTRAINT "bank_statement_entries_suggested_invoice_id_invoices_id_fk" FOREIGN KEY ("suggested_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statements" ADD CONSTRAINT "bank_statements_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statements" ADD CONSTRAINT "bank_statements_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statement_entries_dedup_key" ON "bank_statement_entries" USING btree ("tenant_id","account_iban","bank_ref");--> statement-breakpoint
CREATE INDEX "bank_statement_entries_queue_idx" ON "bank_statement_entries" USING btree ("tenant_id","status","booking_date","id");--> statement-breakpoint
CREATE INDEX "bank_statement_entries_payer_idx" ON "bank_statement_entries" USING btree ("tenant_id","apartment_id","payer_iban") WHERE payer_iban is not null;--> statement-breakpoint
CREATE INDEX "bank_statements_tenant_idx" ON "bank_statements" USING btree ("tenant_id","created_at");