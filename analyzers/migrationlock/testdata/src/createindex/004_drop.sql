DROP INDEX jobs_runnable; -- want `DROP INDEX locks queue table jobs in ACCESS EXCLUSIVE mode`
