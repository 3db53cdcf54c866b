CREATE TABLE "district_enrollment_counts" (
	"event_id" text NOT NULL,
	"district_code" text NOT NULL,
	"enrolled_stores" integer NOT NULL,
	CONSTRAINT "district_enrollment_counts_event_id_district_code_pk" PRIMARY KEY("event_id","district_code")
);
--> statement-breakpoint
CREATE TABLE "district_store_counts" (
	"district_code" text PRIMARY KEY NOT NULL,
	"stores" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_enrollment_counts" (
	"event_id" text NOT NULL,
	"store_dlrnum" text NOT NULL,
	"enrolled_attendees" integer NOT NULL,
	CONSTRAINT "store_enrollment_counts_event_id_store_dlrnum_pk" PRIMARY KEY("event_id","store_dlrnum")
);
--> statement-breakpoint
CREATE TABLE "zone_enrollment_counts" (
	"event_id" text NOT NULL,
	"zone_code" text NOT NULL,
	"enrolled_stores" integer NOT NULL,
	CONSTRAINT "zone_enrollment_counts_event_id_zone_code_pk" PRIMARY KEY("event_id","zone_code")
);
--> statement-breakpoint
CREATE TABLE "zone_store_counts" (
	"zone_code" text PRIMARY KEY NOT NULL,
	"stores" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ALTER COLUMN "subject" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ALTER COLUMN "text_body" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ALTER COLUMN "html_body" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ALTER COLUMN "resend_of" SET DATA TYPE bigint;