CREATE TABLE "registration_transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"registration_id" integer NOT NULL,
	"event_id" text NOT NULL,
	"from_person_id" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"to_person_id" integer,
	"status" text DEFAULT 'Offered' NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "changes_close_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "help_desk_email" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "help_desk_phone" text;--> statement-breakpoint
ALTER TABLE "badges" ADD COLUMN "replaced_below" integer;--> statement-breakpoint
ALTER TABLE "registration_transfers" ADD CONSTRAINT "registration_transfers_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_transfers" ADD CONSTRAINT "registration_transfers_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_transfers" ADD CONSTRAINT "registration_transfers_from_person_id_people_id_fk" FOREIGN KEY ("from_person_id") REFERENCES "public"."people"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_transfers" ADD CONSTRAINT "registration_transfers_to_person_id_people_id_fk" FOREIGN KEY ("to_person_id") REFERENCES "public"."people"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "registration_transfers_token_uq" ON "registration_transfers" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "registration_transfers_live_uq" ON "registration_transfers" USING btree ("registration_id") WHERE "registration_transfers"."status" = 'Offered';--> statement-breakpoint
CREATE INDEX "registration_transfers_expiry_idx" ON "registration_transfers" USING btree ("expires_at") WHERE "registration_transfers"."status" = 'Offered';