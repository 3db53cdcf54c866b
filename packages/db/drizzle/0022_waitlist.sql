ALTER TABLE "events" ADD COLUMN "waitlist_offer_minutes" integer DEFAULT 2880 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "waitlist_store_first" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "waitlisted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "waitlist_order" numeric;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "waitlist_code_id" integer;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "offered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "offer_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "registrations_waitlist_order_uq" ON "registrations" USING btree ("event_id",coalesce("waitlist_code_id", 0),"waitlist_order") WHERE "registrations"."status" = 'Waitlisted';--> statement-breakpoint
CREATE INDEX "registrations_held_idx" ON "registrations" USING btree ("event_id","access_code_id") WHERE "registrations"."status" in ('Enrolled', 'Offered');--> statement-breakpoint
CREATE INDEX "registrations_offer_expiry_idx" ON "registrations" USING btree ("offer_expires_at") WHERE "registrations"."status" = 'Offered';--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_waitlisted_ck" CHECK ("registrations"."status" <> 'Waitlisted' or ("registrations"."waitlist_order" is not null and "registrations"."waitlisted_at" is not null));--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_offered_ck" CHECK ("registrations"."status" <> 'Offered' or "registrations"."offer_expires_at" is not null);--> statement-breakpoint
-- The waiting list's order (docs/waiting-lists.md): a value is taken under the queue's lock when a submit joins it.
CREATE SEQUENCE IF NOT EXISTS "registration_waitlist_seq";