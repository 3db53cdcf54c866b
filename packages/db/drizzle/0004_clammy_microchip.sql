CREATE TABLE "organizers" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text,
	"password_hash" text NOT NULL,
	"must_change_password" boolean DEFAULT false NOT NULL,
	"totp_secret" text,
	"totp_enabled" boolean DEFAULT false NOT NULL,
	"totp_last_step" bigint,
	"active" boolean DEFAULT true NOT NULL,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "access_codes" ADD COLUMN "store_dlrnum" text;--> statement-breakpoint
ALTER TABLE "access_codes" ADD COLUMN "seats" integer;--> statement-breakpoint
ALTER TABLE "access_codes" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "organizer_id" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "registration_opens_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "registration_closes_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "capacity" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "default_complimentary_seats" smallint DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "reminder_days_before_close" smallint;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "access_code_id" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "organizers_email_uq" ON "organizers" USING btree ("email");--> statement-breakpoint
ALTER TABLE "access_codes" ADD CONSTRAINT "access_codes_store_dlrnum_stores_dlrnum_fk" FOREIGN KEY ("store_dlrnum") REFERENCES "public"."stores"("dlrnum") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_email","at");--> statement-breakpoint
CREATE INDEX "audit_log_registration_idx" ON "audit_log" USING btree ((("detail" ->> 'registrationId')));--> statement-breakpoint
CREATE INDEX "audit_log_login_code_idx" ON "audit_log" USING btree ((("detail" ->> 'accessCodeId'))) WHERE "audit_log"."action" = 'login' and "audit_log"."success";--> statement-breakpoint
CREATE INDEX "registrations_access_code_idx" ON "registrations" USING btree ("access_code_id","status");--> statement-breakpoint
CREATE INDEX "registrations_event_updated_idx" ON "registrations" USING btree ("event_id","updated_at");