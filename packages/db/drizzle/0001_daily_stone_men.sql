CREATE TABLE "email_verifications" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"person_id" integer NOT NULL,
	"email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"to_email" text NOT NULL,
	"event_id" text,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"dedupe_key" text,
	"message_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"resend_of" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "email_verified" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "report_scope_level" text;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "report_scope_code" text;--> statement-breakpoint
ALTER TABLE "report_users" ADD COLUMN "report_scope_level" text;--> statement-breakpoint
ALTER TABLE "report_users" ADD COLUMN "report_scope_code" text;--> statement-breakpoint
CREATE INDEX "email_verifications_person_idx" ON "email_verifications" USING btree ("person_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_dedupe_uq" ON "mail_outbox" USING btree ("dedupe_key") WHERE "mail_outbox"."dedupe_key" is not null;--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("next_attempt_at") WHERE "mail_outbox"."status" in ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "mail_outbox_status_idx" ON "mail_outbox" USING btree ("status","id");--> statement-breakpoint
ALTER TABLE "people" ADD CONSTRAINT "people_report_scope_ck" CHECK (("people"."report_scope_level" is null and "people"."report_scope_code" is null) or ("people"."report_scope_level" = 'network' and "people"."report_scope_code" is null) or ("people"."report_scope_level" in ('region', 'zone', 'district') and "people"."report_scope_code" is not null));--> statement-breakpoint
ALTER TABLE "report_users" ADD CONSTRAINT "report_users_report_scope_ck" CHECK (("report_users"."report_scope_level" is null and "report_users"."report_scope_code" is null) or ("report_users"."report_scope_level" = 'network' and "report_users"."report_scope_code" is null) or ("report_users"."report_scope_level" in ('region', 'zone', 'district') and "report_users"."report_scope_code" is not null));