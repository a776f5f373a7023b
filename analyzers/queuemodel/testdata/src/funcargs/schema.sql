CREATE TABLE jobs (
  id bigserial PRIMARY KEY,
  status text NOT NULL DEFAULT 'queued',
  run_at timestamptz NOT NULL DEFAULT now()
);

CREATE FUNCTION dequeue() RETURNS SETOF jobs LANGUAGE sql AS $$
  UPDATE jobs SET status = 'running'
   WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
  RETURNING *
$$;

CREATE FUNCTION finish(p_id bigint, p_status text) RETURNS void LANGUAGE sql AS $$
  UPDATE jobs SET status = p_status WHERE id = p_id
$$;

-- A variadic function: the call's third argument is the second element of
-- p_tags, not the body's first variable.
CREATE FUNCTION tag_done(p_id bigint, VARIADIC p_tags text[]) RETURNS void AS $$
DECLARE
  v_state text;
BEGIN
  UPDATE jobs SET status = v_state WHERE id = p_id;
END;
$$ LANGUAGE plpgsql;
