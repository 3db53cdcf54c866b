-- Organizer console search (docs/organizer-console.md): trigram indexes on the searched name, e-mail
-- and store columns, where the pg_trgm extension can be had. PGlite does not ship it unless loaded at
-- start, and a PostgreSQL role without the right to create it is no reason to stop a migration: then
-- the search scans instead (correct, slower). pg_trgm is a trusted extension from PostgreSQL 13 on,
-- so a database owner may create it.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    BEGIN
      CREATE EXTENSION IF NOT EXISTS pg_trgm;
      CREATE INDEX IF NOT EXISTS people_name_trgm_idx ON people USING gin ((first_name || ' ' || last_name) gin_trgm_ops);
      CREATE INDEX IF NOT EXISTS people_email_trgm_idx ON people USING gin (email gin_trgm_ops);
      CREATE INDEX IF NOT EXISTS stores_name_trgm_idx ON stores USING gin (name gin_trgm_ops);
      CREATE INDEX IF NOT EXISTS stores_dlrnum_trgm_idx ON stores USING gin (dlrnum gin_trgm_ops);
    EXCEPTION WHEN insufficient_privilege OR undefined_file OR feature_not_supported THEN
      RAISE NOTICE 'pg_trgm not available (%): the console search scans instead', SQLERRM;
    END;
  END IF;
END $$;
--> statement-breakpoint
-- A registration search finds people and stores first, then their registrations by these keys.
CREATE INDEX IF NOT EXISTS registrations_attendee_idx ON registrations (attendee_id);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS registrations_store_idx ON registrations (store_dlrnum);
