CREATE TABLE jobs (
  id bigserial PRIMARY KEY,
  status text NOT NULL DEFAULT 'queued',
  run_at timestamptz NOT NULL DEFAULT now()
);

-- The same compare-and-set, with its outcome checked: a lost race returns NULL.
CREATE OR REPLACE FUNCTION claim_job() RETURNS bigint AS $$
DECLARE
  v_id bigint;
BEGIN
  SELECT id INTO v_id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1;
  UPDATE jobs SET status = 'running' WHERE id = v_id AND status = 'queued';
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  RETURN v_id;
END;
$$ LANGUAGE plpgsql;
