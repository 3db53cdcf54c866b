CREATE TABLE "badges" (
	"registration_id" integer PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"checked_in_at" timestamp with time zone,
	"checked_in_door" text,
	"checked_in_device_id" integer,
	"checked_in_recorded_at" timestamp with time zone,
	"changed_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checkin_devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"name" text NOT NULL,
	"pairing_code_hash" text,
	"pairing_expires_at" timestamp with time zone,
	"demo_pairing" boolean DEFAULT false NOT NULL,
	"can_walk_in" boolean DEFAULT false NOT NULL,
	"can_substitute" boolean DEFAULT false NOT NULL,
	"paired_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"last_sync_at" timestamp with time zone,
	"last_roster_at" timestamp with time zone,
	"created_by_organizer_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checkin_scans" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"event_id" text NOT NULL,
	"scan_id" uuid NOT NULL,
	"code" text,
	"registration_id" integer,
	"undo" boolean DEFAULT false NOT NULL,
	"scanned_at" timestamp with time zone NOT NULL,
	"door" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"result" text NOT NULL,
	"first_at" timestamp with time zone,
	"first_door" text,
	"first_device_id" integer,
	"conflict" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "badges" ADD CONSTRAINT "badges_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkin_devices" ADD CONSTRAINT "checkin_devices_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "badges_event_changed_idx" ON "badges" USING btree ("event_id","changed_at","registration_id");--> statement-breakpoint
CREATE INDEX "badges_event_checked_in_idx" ON "badges" USING btree ("event_id","checked_in_at");--> statement-breakpoint
CREATE INDEX "checkin_devices_event_idx" ON "checkin_devices" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "checkin_devices_pairing_uq" ON "checkin_devices" USING btree ("pairing_code_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "checkin_scans_device_scan_uq" ON "checkin_scans" USING btree ("device_id","scan_id");--> statement-breakpoint
CREATE INDEX "checkin_scans_event_conflict_idx" ON "checkin_scans" USING btree ("event_id") WHERE "checkin_scans"."conflict";--> statement-breakpoint
CREATE INDEX "checkin_scans_registration_idx" ON "checkin_scans" USING btree ("registration_id");--> statement-breakpoint
-- Badges (docs/event-days.md): the version moves on here, in the database, whatever path changed the
-- registration (enrolment, console cancel, waiting-list claim, import): becoming or ceasing to be
-- Enrolled, or another attendee on it (same-store substitution), raises it, so an old badge no longer
-- admits. Any other change the door shows (attendee type, store) moves the roster cursor.
CREATE OR REPLACE FUNCTION badges_follow_registration() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.status = 'Enrolled' THEN
      INSERT INTO badges (registration_id, event_id) VALUES (NEW.id, NEW.event_id)
        ON CONFLICT (registration_id) DO UPDATE SET version = badges.version + 1, changed_at = clock_timestamp();
    END IF;
  ELSIF (OLD.status = 'Enrolled') IS DISTINCT FROM (NEW.status = 'Enrolled') OR OLD.attendee_id <> NEW.attendee_id THEN
    INSERT INTO badges (registration_id, event_id) VALUES (NEW.id, NEW.event_id)
      ON CONFLICT (registration_id) DO UPDATE SET version = badges.version + 1, changed_at = clock_timestamp();
  ELSIF OLD.attendee_type IS DISTINCT FROM NEW.attendee_type OR OLD.store_dlrnum IS DISTINCT FROM NEW.store_dlrnum THEN
    UPDATE badges SET changed_at = clock_timestamp() WHERE registration_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER badges_follow_registration AFTER INSERT OR UPDATE ON registrations
  FOR EACH ROW EXECUTE FUNCTION badges_follow_registration();
--> statement-breakpoint
-- A renamed person (or an erased one) reaches the doors with the next roster delta.
CREATE OR REPLACE FUNCTION badges_follow_person() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name THEN
    UPDATE badges SET changed_at = clock_timestamp()
      WHERE registration_id IN (SELECT id FROM registrations WHERE attendee_id = NEW.id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER badges_follow_person AFTER UPDATE ON people
  FOR EACH ROW EXECUTE FUNCTION badges_follow_person();
--> statement-breakpoint
INSERT INTO badges (registration_id, event_id) SELECT id, event_id FROM registrations WHERE status = 'Enrolled'
  ON CONFLICT (registration_id) DO NOTHING;
