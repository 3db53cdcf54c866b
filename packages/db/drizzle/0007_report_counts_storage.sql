-- The count tables are small and updated in place on every registration change: leave room on each
-- page for HOT updates (no index write, dead versions pruned on the page itself) and let autovacuum
-- clean them after a thousand dead rows rather than after 20% of the table (a bulk load leaves tens
-- of thousands of dead versions of a few thousand rows, which every report would scan).
ALTER TABLE store_enrollment_counts SET (fillfactor = 70, autovacuum_vacuum_scale_factor = 0.05, autovacuum_vacuum_threshold = 1000, autovacuum_analyze_threshold = 1000);
--> statement-breakpoint
ALTER TABLE district_store_counts SET (fillfactor = 50, autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 1000, autovacuum_analyze_threshold = 1000);
--> statement-breakpoint
ALTER TABLE district_enrollment_counts SET (fillfactor = 50, autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 1000, autovacuum_analyze_threshold = 1000);
--> statement-breakpoint
ALTER TABLE zone_store_counts SET (fillfactor = 50, autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 1000, autovacuum_analyze_threshold = 1000);
--> statement-breakpoint
ALTER TABLE zone_enrollment_counts SET (fillfactor = 50, autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 1000, autovacuum_analyze_threshold = 1000);
