CREATE TABLE "calendar_feeds" (
	"registration_id" integer PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session_attendance" (
	"session_id" integer NOT NULL,
	"registration_id" integer NOT NULL,
	"attended_at" timestamp with time zone NOT NULL,
	"device_id" integer,
	"picked" boolean NOT NULL,
	CONSTRAINT "session_attendance_session_id_registration_id_pk" PRIMARY KEY("session_id","registration_id")
);
--> statement-breakpoint
CREATE TABLE "session_picks" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"registration_id" integer NOT NULL,
	"status" text NOT NULL,
	"waitlist_order" numeric,
	"waitlisted_at" timestamp with time zone,
	"offered_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone,
	"enrolled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_picks_waitlisted_ck" CHECK ("session_picks"."status" <> 'Waitlisted' or ("session_picks"."waitlist_order" is not null and "session_picks"."waitlisted_at" is not null)),
	CONSTRAINT "session_picks_offered_ck" CHECK ("session_picks"."status" <> 'Offered' or "session_picks"."offer_expires_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"room" text NOT NULL,
	"capacity" integer NOT NULL,
	"audience" text[],
	"track" text,
	"entry" text DEFAULT 'picked' NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sessions_times_ck" CHECK ("sessions"."ends_at" > "sessions"."starts_at"),
	CONSTRAINT "sessions_capacity_ck" CHECK ("sessions"."capacity" >= 0)
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "time_zone" text DEFAULT 'America/Los_Angeles' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "sessions_open_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "sessions_close_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_attendance" ADD CONSTRAINT "session_attendance_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_attendance" ADD CONSTRAINT "session_attendance_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_picks" ADD CONSTRAINT "session_picks_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_picks" ADD CONSTRAINT "session_picks_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_token_uq" ON "calendar_feeds" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "session_attendance_registration_idx" ON "session_attendance" USING btree ("registration_id");--> statement-breakpoint
CREATE UNIQUE INDEX "session_picks_session_registration_uq" ON "session_picks" USING btree ("session_id","registration_id");--> statement-breakpoint
CREATE INDEX "session_picks_registration_idx" ON "session_picks" USING btree ("registration_id","status");--> statement-breakpoint
CREATE INDEX "session_picks_session_status_idx" ON "session_picks" USING btree ("session_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "session_picks_waitlist_order_uq" ON "session_picks" USING btree ("session_id","waitlist_order") WHERE "session_picks"."status" = 'Waitlisted';--> statement-breakpoint
CREATE INDEX "sessions_event_starts_idx" ON "sessions" USING btree ("event_id","starts_at");