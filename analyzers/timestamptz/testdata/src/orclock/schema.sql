CREATE TABLE jobs (
  id bigserial PRIMARY KEY,
  status text NOT NULL DEFAULT 'queued',
  locked_until timestamp -- want `jobs.locked_until is timestamp without time zone`
);
