-- The finding says why the column is wrong in terms of its default: a
-- default read from the clock (CURRENT_TIMESTAMP is now()) is stored as the
-- enqueuing session's local time; a lease column that starts at -infinity
-- is wrong for the deadlines the claim writes into it.
CREATE TABLE jobs (
  id bigserial PRIMARY KEY,
  status text NOT NULL DEFAULT 'queued',
  run_at timestamp NOT NULL DEFAULT CURRENT_TIMESTAMP, -- want `jobs.run_at is timestamp without time zone\nits default now\(\) is stored as the writer's local time`
  locked_until timestamp NOT NULL DEFAULT '-infinity' -- want `jobs.locked_until is timestamp without time zone\na time written into it loses its zone`
);
CREATE INDEX jobs_poll ON jobs (run_at) WHERE status = 'queued';
