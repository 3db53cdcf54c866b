-- Personal data (docs/privacy.md, "Erasure: what it does"): an erasure reaches every row tied to the
-- person by an indexed key instead of reading whole tables. Besides the indexes of 0006 (registrations
-- by attendee) and 0019 (mails by address, audit rows by person): registrations a person made for
-- others (their name is in those registrations' mails and webhook bodies), mails about a registration
-- (sent to someone else), and webhook deliveries by what they are about (`registration:<id>`,
-- `person:<id>`; the order index only holds pending ones).
CREATE INDEX IF NOT EXISTS "registrations_registered_by_idx" ON "registrations" USING btree ("registered_by_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "mail_outbox_registration_idx" ON "mail_outbox" USING btree (("data" ->> 'registrationId'));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "webhook_deliveries_ordering_key_idx" ON "webhook_deliveries" USING btree ("ordering_key");
