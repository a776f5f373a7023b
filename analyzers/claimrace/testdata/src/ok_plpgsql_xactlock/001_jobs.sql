CREATE TABLE jobs (
  id bigserial PRIMARY KEY,
  queue text NOT NULL,
  status text NOT NULL DEFAULT 'queued',
  run_at timestamptz NOT NULL DEFAULT now()
);

-- Two unlocked steps, serialised: the transaction-scoped advisory lock
-- taken first lets one caller at a time run the SELECT and the UPDATE,
-- and is held until the caller's transaction ends.
CREATE OR REPLACE FUNCTION claim_job(p_queue text) RETURNS bigint AS $$
DECLARE
  v_id bigint;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext(p_queue));
  SELECT id INTO v_id FROM jobs WHERE queue = p_queue AND status = 'queued' ORDER BY run_at LIMIT 1;
  UPDATE jobs SET status = 'running' WHERE id = v_id;
  RETURN v_id;
END;
$$ LANGUAGE plpgsql;
