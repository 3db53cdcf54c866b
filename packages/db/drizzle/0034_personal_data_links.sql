CREATE TABLE "personal_data_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"person_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"event_id" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "personal_data_links_person_idx" ON "personal_data_links" USING btree ("person_id");