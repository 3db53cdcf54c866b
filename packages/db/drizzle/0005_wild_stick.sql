CREATE TABLE "report_digest_subscriptions" (
	"email" text PRIMARY KEY NOT NULL,
	"person_id" integer,
	"event_id" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"last_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "report_digest_subscriptions_active_idx" ON "report_digest_subscriptions" USING btree ("active");