-- Session versions (issue 24 item 3): a token carries the version of its principal (organizer,
-- access code, report user) it was signed under, and every request compares it with the row. The
-- version moves on here, in the database, whatever path made the change (console, CSV import, CLI):
-- an organizer's password changed or the account disabled, an access code or a report user disabled.
CREATE OR REPLACE FUNCTION organizers_session_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.session_version = OLD.session_version
     AND (NEW.password_hash IS DISTINCT FROM OLD.password_hash OR (OLD.active AND NOT NEW.active)) THEN
    NEW.session_version := OLD.session_version + 1;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER organizers_session_version BEFORE UPDATE ON organizers
  FOR EACH ROW EXECUTE FUNCTION organizers_session_version();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION disabled_session_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.session_version = OLD.session_version AND OLD.active AND NOT NEW.active THEN
    NEW.session_version := OLD.session_version + 1;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER access_codes_session_version BEFORE UPDATE ON access_codes
  FOR EACH ROW EXECUTE FUNCTION disabled_session_version();
--> statement-breakpoint
CREATE TRIGGER report_users_session_version BEFORE UPDATE ON report_users
  FOR EACH ROW EXECUTE FUNCTION disabled_session_version();
