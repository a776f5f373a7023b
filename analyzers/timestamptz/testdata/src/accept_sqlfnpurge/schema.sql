CREATE TABLE runs (
  id bigserial PRIMARY KEY,
  status text NOT NULL DEFAULT 'queued',
  started_at timestamp,
  finished_at timestamp
);

CREATE FUNCTION purge_finished_runs() RETURNS void AS $$
  DELETE FROM runs WHERE status = 'done' AND finished_at < now() - interval '30 days';
$$ LANGUAGE sql;

CREATE FUNCTION stuck_runs() RETURNS bigint AS $$
  SELECT count(*) FROM runs WHERE status = 'running' AND started_at < now() - interval '1 hour';
$$ LANGUAGE sql;
