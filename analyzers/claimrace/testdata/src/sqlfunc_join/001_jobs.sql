CREATE TABLE queues (
  name text PRIMARY KEY,
  concurrency int
);

CREATE TABLE jobs (
  id bigserial PRIMARY KEY,
  queue text NOT NULL REFERENCES queues (name),
  status text NOT NULL DEFAULT 'pending',
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The claim kept in the database, as one statement: the next pending job
-- of a queue with room, picked by a WITH query joined with the queues and
-- taken by the UPDATE. Nothing locks the picked row, and the UPDATE's
-- WHERE does not re-check the status.
CREATE OR REPLACE FUNCTION dequeue(p_queues text[]) RETURNS SETOF jobs AS $$
WITH open AS ( -- want `the subquery picks the next job without locking it`
    SELECT name FROM queues WHERE name = ANY (p_queues)
), next (id) AS (
    SELECT j.id FROM jobs j, open o
     WHERE j.status = 'pending' AND j.queue = o.name
     ORDER BY j.created_at LIMIT 1
)
UPDATE jobs SET status = 'running'
  FROM next
 WHERE jobs.id = next.id
RETURNING jobs.*
$$ LANGUAGE sql;
