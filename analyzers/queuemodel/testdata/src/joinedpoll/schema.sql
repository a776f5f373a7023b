CREATE TABLE queues (name text PRIMARY KEY, paused boolean NOT NULL DEFAULT false);
CREATE TABLE jobs (
  id bigserial PRIMARY KEY,
  queue text NOT NULL REFERENCES queues (name),
  status text NOT NULL DEFAULT 'queued'
);
