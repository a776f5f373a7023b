CREATE TABLE queues (name text PRIMARY KEY, concurrency int);
CREATE TABLE jobs ( -- want `no index serves the poll on jobs \(WHERE j.status = 'pending' AND j.queue = o.name ORDER BY j.created_at\)\n.*CREATE INDEX CONCURRENTLY jobs_poll_idx ON jobs \(created_at\) WHERE status = 'pending'`
  id bigserial PRIMARY KEY,
  queue text NOT NULL REFERENCES queues (name),
  status text NOT NULL DEFAULT 'pending',
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The queue's claim lives in the database: jobs is a queue table because
-- of what this function's body does.
CREATE FUNCTION dequeue(p_queues text[]) RETURNS SETOF jobs AS $$
WITH open AS (
    SELECT name FROM queues WHERE name = ANY (p_queues)
), next (id) AS (
    SELECT j.id FROM jobs j, open o
     WHERE j.status = 'pending' AND j.queue = o.name
     ORDER BY j.created_at LIMIT 1
     FOR UPDATE OF j SKIP LOCKED
)
UPDATE jobs SET status = 'running' FROM next WHERE jobs.id = next.id
RETURNING jobs.*
$$ LANGUAGE sql;
