CREATE TABLE jobs (
  id bigserial PRIMARY KEY,
  status text NOT NULL DEFAULT 'queued',
  run_at timestamptz NOT NULL DEFAULT now()
);

-- A compare-and-set whose outcome nothing reads: when another worker took
-- the job first, the UPDATE matches nothing and the id is returned anyway.
CREATE OR REPLACE FUNCTION claim_job() RETURNS bigint AS $$
DECLARE
  v_id bigint;
BEGIN
  SELECT id INTO v_id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1;
  UPDATE jobs SET status = 'running' WHERE id = v_id AND status = 'queued'; -- want `this compare-and-set claim re-checks the status, but nothing checks that it matched a row`
  RETURN v_id;
END;
$$ LANGUAGE plpgsql;
