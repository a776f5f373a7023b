-- SHARE UPDATE EXCLUSIVE: claims, enqueues and completions go on.
ALTER TABLE jobs SET (autovacuum_vacuum_scale_factor = 0.01);
ALTER TABLE jobs ALTER COLUMN status SET STATISTICS 1000;
ALTER TABLE jobs VALIDATE CONSTRAINT jobs_status_check;
