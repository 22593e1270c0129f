CREATE TYPE "public"."invoice_channel" AS ENUM('email', 'e_invoice');--> statement-breakpoint
CREATE TYPE "public"."reminder_status" AS ENUM('sending', 'sent', 'failed');--> statement-breakpoint
CREATE TABLE "invoice_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"apartment_id" uuid NOT NULL,
	"days_from_due" integer NOT NULL,
	"open_amount" bigint NOT NULL,
	"recipients" text[] NOT NULL,
	"status" "reminder_status" DEFAULT 'sending' NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "apartment_residents" ADD COLUMN "invoice_channel" "invoice_channel" DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "apartments" ADD COLUMN "reminders_paused" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "apartments" ADD COLUMN "reminders_note" text;--> statement-breakpoint
ALTER TABLE "buildings" ADD COLUMN "reminder_days" integer[] DEFAULT '{-3,7,21}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "buildings" ADD COLUMN "reminder_min_amount" bigint DEFAULT 500 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_reminders" ADD CONSTRAINT "invoice_reminders_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_reminders" ADD CONSTRAINT "invoice_reminders_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_reminders" ADD CONSTRAINT "invoice_reminders_apartment_id_apartments_id_fk" FOREIGN KEY ("apartment_id") REFERENCES "public"."apartments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_reminders_step_key" ON "invoice_reminders" USING btree ("invoice_id","days_from_due");--> statement-breakpoint
CREATE INDEX "invoice_reminders_tenant_status_idx" ON "invoice_reminders" USING btree ("tenant_id","status");