ALTER TABLE "people" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "report_users" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "people" ADD CONSTRAINT "people_language_ck" CHECK ("people"."language" in ('en', 'fr-CA'));--> statement-breakpoint
ALTER TABLE "report_users" ADD CONSTRAINT "report_users_language_ck" CHECK ("report_users"."language" in ('en', 'fr-CA'));