CREATE TABLE jobs (
  id bigserial PRIMARY KEY,
  status text NOT NULL DEFAULT 'queued',
  max_attempts int NOT NULL DEFAULT 5 -- want `max_attempts holds an attempt limit, but no statement in the module reads it`
);
