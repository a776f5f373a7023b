CREATE TABLE jobs (
  id bigserial PRIMARY KEY,
  status text NOT NULL DEFAULT 'queued',
  run_at timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz
);

-- Locks the row only after it wrote it: the write re-checked nothing.
CREATE OR REPLACE FUNCTION finish_job(p_id bigint) RETURNS void AS $$
BEGIN
  UPDATE jobs SET status = 'done' WHERE id = $1; -- want `sets status to 'done' by key without re-checking`
  PERFORM 1 FROM jobs WHERE id = $1 FOR UPDATE;
END;
$$ LANGUAGE plpgsql;

-- Locks the row first, in the same call: accepted.
CREATE OR REPLACE FUNCTION fail_job(p_id bigint) RETURNS void AS $$
DECLARE
  v_status text;
BEGIN
  SELECT status INTO v_status FROM jobs WHERE id = $1 FOR UPDATE;
  UPDATE jobs SET status = 'failed' WHERE id = $1;
END;
$$ LANGUAGE plpgsql;
