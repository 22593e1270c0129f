ALTER TABLE "buildings" ADD COLUMN "reading_window_start_day" integer;--> statement-breakpoint
ALTER TABLE "buildings" ADD COLUMN "reading_window_end_day" integer;--> statement-breakpoint
ALTER TABLE "meter_readings" ADD COLUMN "series" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "meter_readings" ADD COLUMN "flag" text;--> statement-breakpoint
ALTER TABLE "meters" ADD COLUMN "series" integer DEFAULT 1 NOT NULL;