CREATE TABLE jobs (
  id bigserial PRIMARY KEY,
  queue text NOT NULL,
  status text NOT NULL DEFAULT 'queued',
  run_at timestamptz NOT NULL DEFAULT now()
);

-- The atomic claim, kept in the database.
CREATE FUNCTION dequeue(p_queue text) RETURNS SETOF jobs LANGUAGE sql AS $$
  UPDATE jobs SET status = 'running'
   WHERE id = (SELECT id FROM jobs WHERE status = 'queued' AND queue = p_queue
               ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
  RETURNING *
$$;
