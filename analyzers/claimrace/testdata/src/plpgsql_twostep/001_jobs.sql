CREATE TABLE jobs (
  id bigserial PRIMARY KEY,
  status text NOT NULL DEFAULT 'queued',
  run_at timestamptz NOT NULL DEFAULT now()
);

-- The seed's race, moved into the database: nothing locks the row between
-- the SELECT and the UPDATE, and the UPDATE does not re-check the status.
CREATE OR REPLACE FUNCTION claim_job() RETURNS bigint AS $$
DECLARE
  v_id bigint;
BEGIN
  SELECT id INTO v_id FROM jobs -- want `two workers can claim the same job\nboth run this SELECT before either UPDATE commits`
   WHERE status = 'queued' ORDER BY run_at LIMIT 1;
  UPDATE jobs SET status = 'running' WHERE id = v_id;
  RETURN v_id;
END;
$$ LANGUAGE plpgsql;
