CREATE TABLE tasks ( -- want `no index serves the poll on tasks \(WHERE state = 'ready' AND queue = \$1 ORDER BY id\)\n.*CREATE INDEX CONCURRENTLY tasks_poll_idx ON tasks \(queue, id\) WHERE state = 'ready'`
  id bigserial PRIMARY KEY,
  queue text NOT NULL,
  state text NOT NULL DEFAULT 'ready'
);

-- The claim lives in the database; Go only calls it.
CREATE FUNCTION next_task(p_queue text) RETURNS SETOF tasks LANGUAGE sql AS $$
  UPDATE tasks SET state = 'taken'
   WHERE id = (SELECT id FROM tasks WHERE state = 'ready' AND queue = p_queue
               ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
  RETURNING *
$$;
