ALTER TABLE "access_codes" ADD COLUMN "session_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "report_users" ADD COLUMN "session_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "organizers" ADD COLUMN "session_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "organizers" ADD COLUMN "sign_in_code_hash" text;--> statement-breakpoint
ALTER TABLE "organizers" ADD COLUMN "sign_in_code_expires_at" timestamp with time zone;