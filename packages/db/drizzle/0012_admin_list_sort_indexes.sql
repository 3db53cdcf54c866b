CREATE INDEX "people_name_idx" ON "people" USING btree ("last_name","first_name");--> statement-breakpoint
CREATE INDEX "registrations_updated_idx" ON "registrations" USING btree ("updated_at","id");