CREATE TABLE "erasure_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"person_id" integer NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"handled_at" timestamp with time zone,
	"handled_by" integer
);
--> statement-breakpoint
CREATE TABLE "event_retention" (
	"event_id" text PRIMARY KEY NOT NULL,
	"retention_days" integer NOT NULL,
	"last_run_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "person_erasures" (
	"person_id" integer PRIMARY KEY NOT NULL,
	"erased_at" timestamp with time zone DEFAULT now() NOT NULL,
	"organizer_id" integer,
	"via" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_retention" ADD CONSTRAINT "event_retention_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "erasure_requests_status_idx" ON "erasure_requests" USING btree ("status","requested_at");--> statement-breakpoint
CREATE UNIQUE INDEX "erasure_requests_open_uq" ON "erasure_requests" USING btree ("person_id") WHERE "erasure_requests"."status" = 'open';