DROP TABLE jobs;
DROP FUNCTION jobs_notify();
