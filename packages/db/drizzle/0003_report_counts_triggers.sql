-- Enrollment counts maintained by triggers (docs/decisions/005-report-counts-by-triggers.md).
-- A registration counts when it is Enrolled, store-bound (dealer, candidate) and has a store.
-- Statement-level triggers with transition tables: a bulk insert of 100,000 registrations runs
-- the counting once, not 100,000 times.

-- Rebuilds every count from the base tables (migration backfill, TRUNCATE, reports:verify --repair).
CREATE OR REPLACE FUNCTION report_counts_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM store_enrollment_counts;
  DELETE FROM district_enrollment_counts;
  DELETE FROM zone_enrollment_counts;
  DELETE FROM district_store_counts;
  DELETE FROM zone_store_counts;
  INSERT INTO store_enrollment_counts (event_id, store_dlrnum, enrolled_attendees)
    SELECT g.event_id, g.store_dlrnum, count(*)::int FROM registrations g
    WHERE g.status = 'Enrolled' AND g.attendee_type IN ('dealer', 'candidate') AND g.store_dlrnum IS NOT NULL
    GROUP BY g.event_id, g.store_dlrnum;
  INSERT INTO district_store_counts (district_code, stores)
    SELECT st.district_code, count(*)::int FROM stores st GROUP BY st.district_code;
  INSERT INTO zone_store_counts (zone_code, stores)
    SELECT d.zone_code, count(*)::int FROM stores st JOIN districts d ON d.code = st.district_code GROUP BY d.zone_code;
  INSERT INTO district_enrollment_counts (event_id, district_code, enrolled_stores)
    SELECT c.event_id, st.district_code, count(*)::int FROM store_enrollment_counts c JOIN stores st ON st.dlrnum = c.store_dlrnum
    WHERE c.enrolled_attendees > 0 GROUP BY c.event_id, st.district_code;
  INSERT INTO zone_enrollment_counts (event_id, zone_code, enrolled_stores)
    SELECT c.event_id, d.zone_code, count(*)::int FROM store_enrollment_counts c
    JOIN stores st ON st.dlrnum = c.store_dlrnum JOIN districts d ON d.code = st.district_code
    WHERE c.enrolled_attendees > 0 GROUP BY c.event_id, d.zone_code;
END $$;
--> statement-breakpoint

-- Stores that became enrolled (+1) or stopped being (-1) for an event: their district's and zone's
-- enrolled-store counts. Three statements on purpose: in READ COMMITTED each takes a fresh snapshot,
-- so after waiting on a concurrent store or district move (which locks the counts tables) the
-- district and zone read are the moved ones.
CREATE OR REPLACE FUNCTION report_counts_flip_stores(p_event text[], p_store text[], p_flip int[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_event text[];
  v_district text[];
  v_flip int[];
BEGIN
  SELECT array_agg(f.event_id ORDER BY f.event_id, f.district_code), array_agg(f.district_code ORDER BY f.event_id, f.district_code),
         array_agg(f.flip ORDER BY f.event_id, f.district_code)
    INTO v_event, v_district, v_flip
    FROM (SELECT x.e AS event_id, st.district_code, sum(x.f)::int AS flip
          FROM unnest(p_event, p_store, p_flip) AS x(e, s, f) JOIN stores st ON st.dlrnum = x.s
          GROUP BY x.e, st.district_code HAVING sum(x.f) <> 0) f;
  IF v_event IS NULL THEN RETURN; END IF;
  INSERT INTO district_enrollment_counts AS c (event_id, district_code, enrolled_stores)
    SELECT * FROM unnest(v_event, v_district, v_flip)
    ON CONFLICT (event_id, district_code) DO UPDATE SET enrolled_stores = c.enrolled_stores + excluded.enrolled_stores;
  INSERT INTO zone_enrollment_counts AS c (event_id, zone_code, enrolled_stores)
    SELECT x.e, d.zone_code, sum(x.f)::int FROM unnest(v_event, v_district, v_flip) AS x(e, dc, f) JOIN districts d ON d.code = x.dc
    GROUP BY x.e, d.zone_code HAVING sum(x.f) <> 0 ORDER BY x.e, d.zone_code
    ON CONFLICT (event_id, zone_code) DO UPDATE SET enrolled_stores = c.enrolled_stores + excluded.enrolled_stores;
END $$;
--> statement-breakpoint

-- Adds `p_delta` counting registrations per (event, store). The upsert works on the latest committed
-- row (and locks it), so comparing its result with the delta tells exactly which stores flipped,
-- whatever ran concurrently. Rows are taken in key order, so two statements never deadlock on them.
CREATE OR REPLACE FUNCTION report_counts_registrations(p_event text[], p_store text[], p_delta int[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_event text[];
  v_store text[];
  v_flip int[];
BEGIN
  WITH deltas AS (
    SELECT x.e, x.s, sum(x.d)::int AS d FROM unnest(p_event, p_store, p_delta) AS x(e, s, d)
    GROUP BY x.e, x.s HAVING sum(x.d) <> 0
  ), changed AS (
    INSERT INTO store_enrollment_counts AS c (event_id, store_dlrnum, enrolled_attendees)
      SELECT e, s, d FROM deltas ORDER BY e, s
      ON CONFLICT (event_id, store_dlrnum) DO UPDATE SET enrolled_attendees = c.enrolled_attendees + excluded.enrolled_attendees
      RETURNING c.event_id, c.store_dlrnum, c.enrolled_attendees
  )
  SELECT array_agg(ch.event_id), array_agg(ch.store_dlrnum), array_agg(CASE WHEN ch.enrolled_attendees > 0 THEN 1 ELSE -1 END)
    INTO v_event, v_store, v_flip
    FROM changed ch JOIN deltas dl ON dl.e = ch.event_id AND dl.s = ch.store_dlrnum
    WHERE (ch.enrolled_attendees > 0) <> (ch.enrolled_attendees - dl.d > 0);
  IF v_event IS NOT NULL THEN
    PERFORM report_counts_flip_stores(v_event, v_store, v_flip);
  END IF;
END $$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION report_counts_registrations_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_event text[];
  v_store text[];
  v_delta int[];
BEGIN
  SELECT array_agg(n.event_id), array_agg(n.store_dlrnum), array_agg(1) INTO v_event, v_store, v_delta
    FROM new_rows n WHERE n.status = 'Enrolled' AND n.attendee_type IN ('dealer', 'candidate') AND n.store_dlrnum IS NOT NULL;
  IF v_event IS NOT NULL THEN PERFORM report_counts_registrations(v_event, v_store, v_delta); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION report_counts_registrations_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_event text[];
  v_store text[];
  v_delta int[];
BEGIN
  SELECT array_agg(x.event_id), array_agg(x.store_dlrnum), array_agg(x.d) INTO v_event, v_store, v_delta
    FROM (
      SELECT o.event_id, o.store_dlrnum, -1 AS d FROM old_rows o
        WHERE o.status = 'Enrolled' AND o.attendee_type IN ('dealer', 'candidate') AND o.store_dlrnum IS NOT NULL
      UNION ALL
      SELECT n.event_id, n.store_dlrnum, 1 FROM new_rows n
        WHERE n.status = 'Enrolled' AND n.attendee_type IN ('dealer', 'candidate') AND n.store_dlrnum IS NOT NULL
    ) x;
  IF v_event IS NOT NULL THEN PERFORM report_counts_registrations(v_event, v_store, v_delta); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION report_counts_registrations_delete() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_event text[];
  v_store text[];
  v_delta int[];
BEGIN
  SELECT array_agg(o.event_id), array_agg(o.store_dlrnum), array_agg(-1) INTO v_event, v_store, v_delta
    FROM old_rows o WHERE o.status = 'Enrolled' AND o.attendee_type IN ('dealer', 'candidate') AND o.store_dlrnum IS NOT NULL;
  IF v_event IS NOT NULL THEN PERFORM report_counts_registrations(v_event, v_store, v_delta); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint

-- Store totals per district and zone: -1 for each old row, +1 for each new row (a district change
-- moves the store). Enrolled stores move with a store that changes district; that path locks the
-- counts tables against concurrent registration changes (a store move is an import or an operator
-- action, never a hot path), so no flip is counted in the district it just left.
CREATE OR REPLACE FUNCTION report_counts_stores(p_old_store text[], p_old_district text[], p_new_store text[], p_new_district text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_moved boolean;
BEGIN
  WITH x AS (
    SELECT dc, -1 AS d FROM unnest(p_old_district) AS o(dc)
    UNION ALL SELECT dc, 1 FROM unnest(p_new_district) AS n(dc)
  ), per_district AS (
    SELECT dc, sum(d)::int AS d FROM x GROUP BY dc HAVING sum(d) <> 0
  ), up AS (
    INSERT INTO district_store_counts AS c (district_code, stores) SELECT dc, d FROM per_district ORDER BY dc
      ON CONFLICT (district_code) DO UPDATE SET stores = c.stores + excluded.stores
  )
  INSERT INTO zone_store_counts AS c (zone_code, stores)
    SELECT dd.zone_code, sum(p.d)::int FROM per_district p JOIN districts dd ON dd.code = p.dc
    GROUP BY dd.zone_code HAVING sum(p.d) <> 0 ORDER BY dd.zone_code
    ON CONFLICT (zone_code) DO UPDATE SET stores = c.stores + excluded.stores;

  SELECT EXISTS (
    SELECT 1 FROM unnest(p_old_store, p_old_district) AS o(s, dc) JOIN unnest(p_new_store, p_new_district) AS n(s, dc) ON n.s = o.s
    WHERE n.dc <> o.dc
  ) INTO v_moved;
  IF v_moved THEN
    LOCK TABLE store_enrollment_counts, district_enrollment_counts, zone_enrollment_counts IN SHARE ROW EXCLUSIVE MODE;
    PERFORM report_counts_move_enrolled(p_old_store, p_old_district, p_new_store, p_new_district);
  END IF;
  -- Deleted stores have no registrations left (foreign key): drop their zero rows.
  DELETE FROM store_enrollment_counts c WHERE c.store_dlrnum = ANY (p_old_store) AND c.store_dlrnum <> ALL (coalesce(p_new_store, '{}'));
END $$;
--> statement-breakpoint

-- A separate function so its statements take their snapshot after the lock above.
CREATE OR REPLACE FUNCTION report_counts_move_enrolled(p_old_store text[], p_old_district text[], p_new_store text[], p_new_district text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH x AS (
    SELECT c.event_id, o.dc, -1 AS f FROM unnest(p_old_store, p_old_district) AS o(s, dc)
      JOIN store_enrollment_counts c ON c.store_dlrnum = o.s AND c.enrolled_attendees > 0
    UNION ALL
    SELECT c.event_id, n.dc, 1 FROM unnest(p_new_store, p_new_district) AS n(s, dc)
      JOIN store_enrollment_counts c ON c.store_dlrnum = n.s AND c.enrolled_attendees > 0
  ), per_district AS (
    SELECT event_id, dc, sum(f)::int AS f FROM x GROUP BY event_id, dc HAVING sum(f) <> 0
  ), up AS (
    INSERT INTO district_enrollment_counts AS c (event_id, district_code, enrolled_stores)
      SELECT event_id, dc, f FROM per_district ORDER BY event_id, dc
      ON CONFLICT (event_id, district_code) DO UPDATE SET enrolled_stores = c.enrolled_stores + excluded.enrolled_stores
  )
  INSERT INTO zone_enrollment_counts AS c (event_id, zone_code, enrolled_stores)
    SELECT p.event_id, dd.zone_code, sum(p.f)::int FROM per_district p JOIN districts dd ON dd.code = p.dc
    GROUP BY p.event_id, dd.zone_code HAVING sum(p.f) <> 0 ORDER BY p.event_id, dd.zone_code
    ON CONFLICT (event_id, zone_code) DO UPDATE SET enrolled_stores = c.enrolled_stores + excluded.enrolled_stores;
END $$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION report_counts_stores_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_store text[];
  v_district text[];
BEGIN
  SELECT array_agg(n.dlrnum), array_agg(n.district_code) INTO v_store, v_district FROM new_rows n;
  IF v_store IS NOT NULL THEN PERFORM report_counts_stores('{}', '{}', v_store, v_district); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION report_counts_stores_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_old_store text[];
  v_old_district text[];
  v_new_store text[];
  v_new_district text[];
BEGIN
  -- Most store updates (names, managers) change neither the key nor the district: nothing to do.
  IF NOT EXISTS (
    SELECT 1 FROM old_rows o FULL JOIN new_rows n ON n.dlrnum = o.dlrnum
    WHERE o.dlrnum IS NULL OR n.dlrnum IS NULL OR n.district_code <> o.district_code
  ) THEN RETURN NULL; END IF;
  SELECT array_agg(o.dlrnum), array_agg(o.district_code) INTO v_old_store, v_old_district FROM old_rows o;
  SELECT array_agg(n.dlrnum), array_agg(n.district_code) INTO v_new_store, v_new_district FROM new_rows n;
  PERFORM report_counts_stores(v_old_store, v_old_district, v_new_store, v_new_district);
  RETURN NULL;
END $$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION report_counts_stores_delete() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_store text[];
  v_district text[];
BEGIN
  SELECT array_agg(o.dlrnum), array_agg(o.district_code) INTO v_store, v_district FROM old_rows o;
  IF v_store IS NOT NULL THEN PERFORM report_counts_stores(v_store, v_district, '{}', '{}'); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint

-- A district moved to another zone takes its stores and enrolled stores along. Locks like a store move.
CREATE OR REPLACE FUNCTION report_counts_districts_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM old_rows o FULL JOIN new_rows n ON n.code = o.code
    WHERE o.code IS NULL OR n.code IS NULL OR n.zone_code <> o.zone_code
  ) THEN RETURN NULL; END IF;
  LOCK TABLE store_enrollment_counts, district_enrollment_counts, zone_enrollment_counts IN SHARE ROW EXCLUSIVE MODE;
  PERFORM report_counts_move_districts();
  RETURN NULL;
END $$;
--> statement-breakpoint

-- Zone counts are sums of district counts; after a district move recount them (a few hundred rows).
CREATE OR REPLACE FUNCTION report_counts_move_districts() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM zone_store_counts;
  INSERT INTO zone_store_counts (zone_code, stores)
    SELECT d.zone_code, sum(c.stores)::int FROM district_store_counts c JOIN districts d ON d.code = c.district_code GROUP BY d.zone_code;
  DELETE FROM zone_enrollment_counts;
  INSERT INTO zone_enrollment_counts (event_id, zone_code, enrolled_stores)
    SELECT c.event_id, d.zone_code, sum(c.enrolled_stores)::int FROM district_enrollment_counts c JOIN districts d ON d.code = c.district_code
    GROUP BY c.event_id, d.zone_code;
END $$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION report_counts_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_counts_rebuild();
  RETURN NULL;
END $$;
--> statement-breakpoint

-- PostgreSQL allows transition tables only on single-event triggers, hence one trigger per event.
CREATE TRIGGER report_counts_registrations_insert AFTER INSERT ON registrations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_counts_registrations_insert();
--> statement-breakpoint
CREATE TRIGGER report_counts_registrations_update AFTER UPDATE ON registrations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_counts_registrations_update();
--> statement-breakpoint
CREATE TRIGGER report_counts_registrations_delete AFTER DELETE ON registrations
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_counts_registrations_delete();
--> statement-breakpoint
CREATE TRIGGER report_counts_stores_insert AFTER INSERT ON stores
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_counts_stores_insert();
--> statement-breakpoint
CREATE TRIGGER report_counts_stores_update AFTER UPDATE ON stores
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_counts_stores_update();
--> statement-breakpoint
CREATE TRIGGER report_counts_stores_delete AFTER DELETE ON stores
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_counts_stores_delete();
--> statement-breakpoint
CREATE TRIGGER report_counts_districts_update AFTER UPDATE ON districts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_counts_districts_update();
--> statement-breakpoint
CREATE TRIGGER report_counts_registrations_truncate AFTER TRUNCATE ON registrations
  FOR EACH STATEMENT EXECUTE FUNCTION report_counts_truncated();
--> statement-breakpoint
CREATE TRIGGER report_counts_stores_truncate AFTER TRUNCATE ON stores
  FOR EACH STATEMENT EXECUTE FUNCTION report_counts_truncated();
--> statement-breakpoint
CREATE TRIGGER report_counts_districts_truncate AFTER TRUNCATE ON districts
  FOR EACH STATEMENT EXECUTE FUNCTION report_counts_truncated();
--> statement-breakpoint
SELECT report_counts_rebuild();
