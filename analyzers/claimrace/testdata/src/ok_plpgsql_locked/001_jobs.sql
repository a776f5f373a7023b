CREATE TABLE jobs (
  id bigserial PRIMARY KEY,
  status text NOT NULL DEFAULT 'queued',
  run_at timestamptz NOT NULL DEFAULT now()
);

-- Two steps, but in one function call: the row lock of FOR UPDATE SKIP
-- LOCKED lasts until the UPDATE, even when Go calls it on a pool.
CREATE OR REPLACE FUNCTION claim_job() RETURNS bigint AS $$
DECLARE
  v_id bigint;
BEGIN
  SELECT id INTO v_id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED;
  UPDATE jobs SET status = 'running' WHERE id = v_id;
  RETURN v_id;
END;
$$ LANGUAGE plpgsql;
