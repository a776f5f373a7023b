-- The first statement locks another table: the RENAME still waits for jobs.
ALTER TABLE accounts ADD COLUMN email text;
ALTER TABLE jobs RENAME COLUMN note TO remark; -- want `ALTER TABLE locks queue table jobs in ACCESS EXCLUSIVE mode`
