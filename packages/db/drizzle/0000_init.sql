CREATE TABLE "access_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"code_hash" text NOT NULL,
	"label" text NOT NULL,
	"policies" text[] NOT NULL,
	"reg_type" text NOT NULL,
	"attendee_type" text NOT NULL,
	"person_category" text NOT NULL,
	"requires_roster" boolean DEFAULT false NOT NULL,
	"agenda_group" text DEFAULT 'general' NOT NULL,
	"conference_group" text DEFAULT 'general' NOT NULL,
	"faq_group" text DEFAULT 'general' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"action" text NOT NULL,
	"success" boolean NOT NULL,
	"actor_email" text,
	"event_id" text,
	"ip" text,
	"detail" jsonb
);
--> statement-breakpoint
CREATE TABLE "districts" (
	"code" text PRIMARY KEY NOT NULL,
	"zone_code" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"provider_event_code" text NOT NULL,
	"is_virtual" boolean DEFAULT false NOT NULL,
	"content_environment_id" uuid NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	CONSTRAINT "events_provider_event_code_unique" UNIQUE("provider_event_code")
);
--> statement-breakpoint
CREATE TABLE "meta" (
	"key" text NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meta_key_pk" PRIMARY KEY("key")
);
--> statement-breakpoint
CREATE TABLE "people" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"store_dlrnum" text,
	"category" text NOT NULL,
	"zone_code" text,
	"company" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_callbacks" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "regions" (
	"code" text PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"objective_pct" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registration_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"registration_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"attendee_id" integer NOT NULL,
	"store_dlrnum" text,
	"registered_by_id" integer NOT NULL,
	"attendee_type" text NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"enrolled_at" timestamp with time zone,
	"arrival_date" date,
	"departure_date" date,
	"is_virtual" boolean DEFAULT false NOT NULL,
	"is_free" boolean DEFAULT false NOT NULL,
	"provider" text DEFAULT 'builtin' NOT NULL,
	"provider_ref" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_users" (
	"email" text PRIMARY KEY NOT NULL,
	"name" text,
	"active" boolean DEFAULT true NOT NULL,
	"login_count" integer DEFAULT 0 NOT NULL,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "revoked_tokens" (
	"jti" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"dlrnum" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"district_code" text NOT NULL,
	"complimentary_seats" smallint DEFAULT 2 NOT NULL,
	"executive_manager_id" integer,
	"general_manager_id" integer
);
--> statement-breakpoint
CREATE TABLE "zones" (
	"code" text PRIMARY KEY NOT NULL,
	"region_code" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_assets" (
	"environment_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"etag" text NOT NULL,
	CONSTRAINT "content_assets_environment_id_file_name_pk" PRIMARY KEY("environment_id","file_name")
);
--> statement-breakpoint
CREATE TABLE "content_changes" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"environment_id" uuid NOT NULL,
	"codename" text NOT NULL,
	"language" text NOT NULL,
	"change_type" text NOT NULL,
	"data" json,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_environments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"codename" text NOT NULL,
	"name" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_environments_codename_unique" UNIQUE("codename")
);
--> statement-breakpoint
CREATE TABLE "content_items" (
	"environment_id" uuid NOT NULL,
	"codename" text NOT NULL,
	"language" text NOT NULL,
	"type" text NOT NULL,
	"data" json NOT NULL,
	"access_codes" text[],
	"hash" text NOT NULL,
	"last_modified" timestamp with time zone NOT NULL,
	CONSTRAINT "content_items_environment_id_codename_language_pk" PRIMARY KEY("environment_id","codename","language")
);
--> statement-breakpoint
CREATE TABLE "content_languages" (
	"environment_id" uuid NOT NULL,
	"codename" text NOT NULL,
	"data" json NOT NULL,
	CONSTRAINT "content_languages_environment_id_codename_pk" PRIMARY KEY("environment_id","codename")
);
--> statement-breakpoint
CREATE TABLE "content_taxonomies" (
	"environment_id" uuid NOT NULL,
	"codename" text NOT NULL,
	"data" json NOT NULL,
	CONSTRAINT "content_taxonomies_environment_id_codename_pk" PRIMARY KEY("environment_id","codename")
);
--> statement-breakpoint
CREATE TABLE "content_types" (
	"environment_id" uuid NOT NULL,
	"codename" text NOT NULL,
	"data" json NOT NULL,
	CONSTRAINT "content_types_environment_id_codename_pk" PRIMARY KEY("environment_id","codename")
);
--> statement-breakpoint
ALTER TABLE "access_codes" ADD CONSTRAINT "access_codes_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "districts" ADD CONSTRAINT "districts_zone_code_zones_code_fk" FOREIGN KEY ("zone_code") REFERENCES "public"."zones"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_tokens" ADD CONSTRAINT "registration_tokens_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_attendee_id_people_id_fk" FOREIGN KEY ("attendee_id") REFERENCES "public"."people"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_store_dlrnum_stores_dlrnum_fk" FOREIGN KEY ("store_dlrnum") REFERENCES "public"."stores"("dlrnum") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_registered_by_id_people_id_fk" FOREIGN KEY ("registered_by_id") REFERENCES "public"."people"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_district_code_districts_code_fk" FOREIGN KEY ("district_code") REFERENCES "public"."districts"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_executive_manager_id_people_id_fk" FOREIGN KEY ("executive_manager_id") REFERENCES "public"."people"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_general_manager_id_people_id_fk" FOREIGN KEY ("general_manager_id") REFERENCES "public"."people"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zones" ADD CONSTRAINT "zones_region_code_regions_code_fk" FOREIGN KEY ("region_code") REFERENCES "public"."regions"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_assets" ADD CONSTRAINT "content_assets_environment_id_content_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."content_environments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_changes" ADD CONSTRAINT "content_changes_environment_id_content_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."content_environments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_items" ADD CONSTRAINT "content_items_environment_id_content_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."content_environments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_languages" ADD CONSTRAINT "content_languages_environment_id_content_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."content_environments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_taxonomies" ADD CONSTRAINT "content_taxonomies_environment_id_content_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."content_environments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_types" ADD CONSTRAINT "content_types_environment_id_content_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."content_environments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "access_codes_event_hash_uq" ON "access_codes" USING btree ("event_id","code_hash");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action");--> statement-breakpoint
CREATE INDEX "districts_zone_idx" ON "districts" USING btree ("zone_code");--> statement-breakpoint
CREATE UNIQUE INDEX "people_email_uq" ON "people" USING btree ("email");--> statement-breakpoint
CREATE INDEX "people_store_idx" ON "people" USING btree ("store_dlrnum");--> statement-breakpoint
CREATE INDEX "registration_tokens_registration_idx" ON "registration_tokens" USING btree ("registration_id");--> statement-breakpoint
CREATE UNIQUE INDEX "registrations_event_attendee_uq" ON "registrations" USING btree ("event_id","attendee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "registrations_provider_ref_uq" ON "registrations" USING btree ("provider_ref");--> statement-breakpoint
CREATE INDEX "registrations_event_store_status_idx" ON "registrations" USING btree ("event_id","store_dlrnum","status");--> statement-breakpoint
CREATE INDEX "registrations_event_type_status_idx" ON "registrations" USING btree ("event_id","attendee_type","status");--> statement-breakpoint
CREATE INDEX "revoked_tokens_expires_idx" ON "revoked_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "stores_district_idx" ON "stores" USING btree ("district_code");--> statement-breakpoint
CREATE INDEX "zones_region_idx" ON "zones" USING btree ("region_code");--> statement-breakpoint
CREATE INDEX "content_changes_env_seq_idx" ON "content_changes" USING btree ("environment_id","seq");--> statement-breakpoint
CREATE INDEX "content_items_type_idx" ON "content_items" USING btree ("environment_id","type");