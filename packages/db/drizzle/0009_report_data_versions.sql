CREATE TABLE "report_data_versions" (
	"backend_pid" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
