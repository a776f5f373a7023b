CREATE TABLE jobs (
  id bigserial PRIMARY KEY,
  status text NOT NULL DEFAULT 'queued',
  run_at timestamptz NOT NULL DEFAULT now()
);

CREATE FUNCTION dequeue() RETURNS SETOF jobs LANGUAGE sql AS $$
  UPDATE jobs SET status = 'running' -- want `this claim moves the job to 'running' and writes no lease deadline`
   WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
  RETURNING *
$$;
