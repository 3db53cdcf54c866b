-- Personal data (docs/privacy.md). An erasure finds a person's rows by indexed keys: mails by their
-- address, audit rows by the person they are about (registrations already have their index,
-- audit_log_registration_idx; rows a person did, audit_log_actor_idx).
CREATE INDEX IF NOT EXISTS "mail_outbox_to_email_idx" ON "mail_outbox" USING btree ("to_email");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_log_person_idx" ON "audit_log" USING btree (("detail" ->> 'personId'));
--> statement-breakpoint
-- Replaces every match of `pattern` (a regular expression, matched case-insensitively) in the strings
-- of a JSON value, keys included, by `marker`; numbers, booleans, nulls and the shape stay. Only
-- strings are touched, so no replacement can break the document or rename a key by accident of
-- a name that equals one.
CREATE OR REPLACE FUNCTION privacy_scrub_jsonb(v jsonb, pattern text, marker text) RETURNS jsonb
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  result jsonb;
BEGIN
  CASE jsonb_typeof(v)
    WHEN 'string' THEN
      RETURN to_jsonb(regexp_replace(v #>> '{}', pattern, marker, 'gi'));
    WHEN 'object' THEN
      SELECT coalesce(jsonb_object_agg(regexp_replace(e.k, pattern, marker, 'gi'), privacy_scrub_jsonb(e.x, pattern, marker)), '{}'::jsonb)
        INTO result FROM jsonb_each(v) AS e(k, x);
      RETURN result;
    WHEN 'array' THEN
      SELECT coalesce(jsonb_agg(privacy_scrub_jsonb(a.x, pattern, marker) ORDER BY a.i), '[]'::jsonb)
        INTO result FROM jsonb_array_elements(v) WITH ORDINALITY AS a(x, i);
      RETURN result;
    ELSE
      RETURN v;
  END CASE;
END
$$;
