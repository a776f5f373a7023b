DROP TRIGGER jobs_notify ON jobs; -- want `DROP TRIGGER locks queue table jobs in ACCESS EXCLUSIVE mode`
