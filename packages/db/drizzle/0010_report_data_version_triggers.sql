-- The version of the data the reports read (docs/decisions/008-report-answer-cache.md).
-- Each statement that changes a table a report reads sets the row of its own database session to the
-- next value of one sequence, inside the writing transaction. A row only ever grows, so the sum over
-- the rows grows with every commit that changed report data, and a reader sees it move in the same
-- snapshot as the data. One row per session: two writers never wait on each other here.
CREATE SEQUENCE report_data_version_seq;
--> statement-breakpoint
ALTER TABLE report_data_versions SET (fillfactor = 50, autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 1000);
--> statement-breakpoint
-- The row of the ended sessions, folded together (-1 is never a backend's pid).
INSERT INTO report_data_versions (backend_pid, version) VALUES (-1, 0);
--> statement-breakpoint
-- Moves the version in the calling transaction. The triggers below call it; so does whatever changes
-- report data without going through those tables' statements (reports:verify --repair).
CREATE OR REPLACE FUNCTION report_data_bump() RETURNS void LANGUAGE sql AS $$
  INSERT INTO report_data_versions AS v (backend_pid, version) VALUES (pg_backend_pid(), nextval('report_data_version_seq'))
    ON CONFLICT (backend_pid) DO UPDATE SET version = excluded.version;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_data_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_data_bump();
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Folds the rows of sessions that have ended into the row -1, keeping the sum: the table stays as
-- small as the number of live sessions. Safe at any time and from several instances at once.
CREATE OR REPLACE FUNCTION report_data_versions_fold() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_rows integer;
  v_sum bigint;
BEGIN
  WITH ended AS (
    DELETE FROM report_data_versions v
    WHERE v.backend_pid <> -1 AND v.backend_pid <> pg_backend_pid()
      AND NOT EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a.pid = v.backend_pid)
    RETURNING v.version
  )
  SELECT count(*)::int, coalesce(sum(version), 0) INTO v_rows, v_sum FROM ended;
  IF v_rows > 0 THEN
    UPDATE report_data_versions SET version = version + v_sum WHERE backend_pid = -1;
  END IF;
  RETURN v_rows;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_data_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON registrations FOR EACH STATEMENT EXECUTE FUNCTION report_data_changed();
--> statement-breakpoint
CREATE TRIGGER report_data_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON stores FOR EACH STATEMENT EXECUTE FUNCTION report_data_changed();
--> statement-breakpoint
CREATE TRIGGER report_data_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON districts FOR EACH STATEMENT EXECUTE FUNCTION report_data_changed();
--> statement-breakpoint
CREATE TRIGGER report_data_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON zones FOR EACH STATEMENT EXECUTE FUNCTION report_data_changed();
--> statement-breakpoint
CREATE TRIGGER report_data_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON regions FOR EACH STATEMENT EXECUTE FUNCTION report_data_changed();
--> statement-breakpoint
-- People: only the columns a report shows (a login's bookkeeping does not move the version).
CREATE TRIGGER report_data_changed AFTER INSERT OR DELETE OR TRUNCATE ON people FOR EACH STATEMENT EXECUTE FUNCTION report_data_changed();
--> statement-breakpoint
CREATE TRIGGER report_data_changed_names AFTER UPDATE OF first_name, last_name, email, store_dlrnum, zone_code ON people FOR EACH STATEMENT EXECUTE FUNCTION report_data_changed();
