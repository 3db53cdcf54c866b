DROP INDEX "people_store_idx";--> statement-breakpoint
CREATE INDEX "people_store_idx" ON "people" USING btree ("store_dlrnum",lower("last_name"),lower("first_name"));