-- The store-number trigram index of 0006 moves to lower(dlrnum). pg_trgm 1.6 answers `=` from a
-- gin_trgm_ops index too, and on tables without planner statistics (a bulk load in one transaction)
-- PostgreSQL chose it for the report-count triggers' `stores.dlrnum = ...` joins: one scan of the
-- whole index per store, which made the demo load of 30,000 stores run for more than 11 minutes
-- instead of one. No `dlrnum = ...` lookup can use an index on lower(dlrnum); the console search
-- matches `lower(dlrnum) ILIKE ...`, which is the same match (ILIKE compares lower-cased text).
DROP INDEX IF EXISTS stores_dlrnum_trgm_idx;
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS stores_dlrnum_lower_trgm_idx ON stores USING gin (lower(dlrnum) gin_trgm_ops);
  END IF;
END $$;
