ALTER TABLE "badges" ADD COLUMN "prints" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "checkin_devices" ADD COLUMN "badge_prints" integer DEFAULT 0 NOT NULL;