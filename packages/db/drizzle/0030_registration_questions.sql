CREATE TABLE "questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"key" text NOT NULL,
	"label" text NOT NULL,
	"help" text,
	"type" text NOT NULL,
	"options" jsonb,
	"required" boolean DEFAULT false NOT NULL,
	"audience" text[],
	"when" text DEFAULT 'both' NOT NULL,
	"sensitive" boolean DEFAULT false NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registration_answers" (
	"registration_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registration_answers_registration_id_question_id_pk" PRIMARY KEY("registration_id","question_id")
);
--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_answers" ADD CONSTRAINT "registration_answers_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_answers" ADD CONSTRAINT "registration_answers_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "questions_event_key_uq" ON "questions" USING btree ("event_id","key");--> statement-breakpoint
CREATE INDEX "questions_event_order_idx" ON "questions" USING btree ("event_id","order");--> statement-breakpoint
CREATE INDEX "registration_answers_question_idx" ON "registration_answers" USING btree ("question_id");