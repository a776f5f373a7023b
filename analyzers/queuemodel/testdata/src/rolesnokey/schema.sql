-- No primary key, no unique index: the schema does not say which column
-- names a job.
CREATE TABLE jobs (
  id bigint NOT NULL,
  status text NOT NULL DEFAULT 'queued'
);
