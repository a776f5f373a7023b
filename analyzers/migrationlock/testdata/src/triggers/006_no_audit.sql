-- The trigger is there: dropping it takes the table's ACCESS EXCLUSIVE lock.
DROP TRIGGER IF EXISTS jobs_audit ON jobs; -- want `DROP TRIGGER locks queue table jobs in ACCESS EXCLUSIVE mode`
