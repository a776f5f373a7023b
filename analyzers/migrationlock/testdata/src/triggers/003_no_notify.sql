DROP TRIGGER jobs_notify ON jobs; -- want `DROP TRIGGER locks queue table jobs in ACCESS EXCLUSIVE mode`
ALTER TABLE jobs DISABLE TRIGGER ALL; -- want `ALTER TABLE locks queue table jobs in SHARE ROW EXCLUSIVE mode`
