-- SET search_path puts the unqualified names that follow it in app.
CREATE SCHEMA app;
SET search_path = app, public;
CREATE TABLE jobs ( -- want `no index serves the poll on app.jobs \(WHERE status = 'queued' ORDER BY id\)\n.*CREATE INDEX CONCURRENTLY jobs_poll_idx ON app.jobs \(id\) WHERE status = 'queued'`
  id bigserial PRIMARY KEY,
  status text NOT NULL DEFAULT 'queued'
);
