CREATE TYPE "public"."credit_entry_kind" AS ENUM('overpayment', 'applied', 'returned');--> statement-breakpoint
CREATE TABLE "apartment_credits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"apartment_id" uuid NOT NULL,
	"kind" "credit_entry_kind" NOT NULL,
	"amount" bigint NOT NULL,
	"payment_id" uuid,
	"invoice_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_penalties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"charged_invoice_id" uuid NOT NULL,
	"from_date" date NOT NULL,
	"through_date" date NOT NULL,
	"days" integer NOT NULL,
	"rate_per_day" numeric(6, 4) NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "buildings" ADD COLUMN "penalty_rate_per_day" numeric(6, 4);--> statement-breakpoint
ALTER TABLE "apartment_credits" ADD CONSTRAINT "apartment_credits_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "apartment_credits" ADD CONSTRAINT "apartment_credits_apartment_id_apartments_id_fk" FOREIGN KEY ("apartment_id") REFERENCES "public"."apartments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "apartment_credits" ADD CONSTRAINT "apartment_credits_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "apartment_credits" ADD CONSTRAINT "apartment_credits_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_penalties" ADD CONSTRAINT "invoice_penalties_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_penalties" ADD CONSTRAINT "invoice_penalties_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_penalties" ADD CONSTRAINT "invoice_penalties_charged_invoice_id_invoices_id_fk" FOREIGN KEY ("charged_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "apartment_credits_apartment_idx" ON "apartment_credits" USING btree ("tenant_id","apartment_id");--> statement-breakpoint
CREATE INDEX "invoice_penalties_invoice_idx" ON "invoice_penalties" USING btree ("invoice_id","through_date");--> statement-breakpoint
CREATE INDEX "invoice_penalties_charged_idx" ON "invoice_penalties" USING btree ("charged_invoice_id");