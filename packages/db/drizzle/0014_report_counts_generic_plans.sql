-- The cost of a registration change with counts maintained (issue 10: at most 1.3x the change
-- without them). Measured with pgbench on 50,000 stores and track_functions = all, per change:
-- report_counts_flip_stores 361 us and report_counts_registrations 356 us (with flip_stores inside).
-- Their statements take arrays as parameters; the custom plan of a constant array knows its length,
-- the generic plan guesses 100 rows, so PL/pgSQL's plan cache kept choosing a custom plan and planned
-- every statement again on every call. Their plans do not depend on the values (index lookups by
-- key for a few rows; a bulk statement of a load still runs them once, set-based), so the generic plan
-- is forced: 361 -> 113 us and 356 -> 162 us.
ALTER FUNCTION report_counts_registrations(text[], text[], int[]) SET plan_cache_mode = force_generic_plan;
--> statement-breakpoint
ALTER FUNCTION report_counts_flip_stores(text[], text[], int[]) SET plan_cache_mode = force_generic_plan;
--> statement-breakpoint
-- An SQL-language function plans its body on every call (53 us); as PL/pgSQL its plan is cached (21 us).
CREATE OR REPLACE FUNCTION report_data_bump() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_data_versions AS v (backend_pid, version) VALUES (pg_backend_pid(), nextval('report_data_version_seq'))
    ON CONFLICT (backend_pid) DO UPDATE SET version = excluded.version;
END $$;
