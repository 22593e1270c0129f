CREATE TYPE "public"."payment_demand_status" AS ENUM('open', 'settled', 'withdrawn');--> statement-breakpoint
CREATE TABLE "payment_demands" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"building_id" uuid NOT NULL,
	"apartment_id" uuid NOT NULL,
	"status" "payment_demand_status" DEFAULT 'open' NOT NULL,
	"issue_date" date NOT NULL,
	"deadline" date NOT NULL,
	"currency" text NOT NULL,
	"items" jsonb NOT NULL,
	"open_amount" bigint NOT NULL,
	"penalty_amount" bigint NOT NULL,
	"credit_amount" bigint NOT NULL,
	"total_amount" bigint NOT NULL,
	"created_by" uuid,
	"sent_to" text[],
	"sent_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_demands" ADD CONSTRAINT "payment_demands_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_demands" ADD CONSTRAINT "payment_demands_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_demands" ADD CONSTRAINT "payment_demands_apartment_id_apartments_id_fk" FOREIGN KEY ("apartment_id") REFERENCES "public"."apartments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_demands" ADD CONSTRAINT "payment_demands_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_demands_open_key" ON "payment_demands" USING btree ("apartment_id") WHERE "payment_demands"."status" = 'open';--> statement-breakpoint
CREATE INDEX "payment_demands_tenant_idx" ON "payment_demands" USING btree ("tenant_id","status","created_at");