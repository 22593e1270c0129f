ALTER TABLE "tenants" ADD COLUMN "default_locale" text DEFAULT 'et' NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "allow_browser_locale" boolean DEFAULT true NOT NULL;