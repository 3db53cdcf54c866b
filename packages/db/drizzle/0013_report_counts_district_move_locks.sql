-- A district moved to another zone recounts the zone store counts from the district store counts
-- (report_counts_move_districts). It locked only the enrollment count tables, so a store inserted or
-- moved at the same time could add itself to the zone its district was leaving: its statement read
-- the district's zone before the move committed, and the recount had already run. Found by the drift
-- test (report-counts.test.ts) under load. Now the move also locks the store count tables: a
-- concurrent store change waits for the move, and its statement then reads the moved district
-- (READ COMMITTED takes a statement's snapshot after its table locks); a store change that came first
-- is waited for, and the recount sees it.
CREATE OR REPLACE FUNCTION report_counts_districts_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM old_rows o FULL JOIN new_rows n ON n.code = o.code
    WHERE o.code IS NULL OR n.code IS NULL OR n.zone_code <> o.zone_code
  ) THEN RETURN NULL; END IF;
  LOCK TABLE store_enrollment_counts, district_enrollment_counts, zone_enrollment_counts, district_store_counts, zone_store_counts
    IN SHARE ROW EXCLUSIVE MODE;
  PERFORM report_counts_move_districts();
  RETURN NULL;
END $$;
