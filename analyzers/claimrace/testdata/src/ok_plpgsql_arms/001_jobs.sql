CREATE TABLE jobs (
  id bigserial PRIMARY KEY,
  status text NOT NULL DEFAULT 'queued',
  run_at timestamptz NOT NULL DEFAULT now()
);

-- One function, two uses: a peek at the next job (an unlocked SELECT that
-- takes nothing), or the mark of a job the caller has locked. The SELECT
-- and the UPDATE are in two arms of one IF: no call runs both.
CREATE OR REPLACE FUNCTION job_op(p_peek boolean, p_id bigint) RETURNS bigint AS $$
DECLARE
  v_id bigint;
BEGIN
  IF p_peek THEN
    SELECT id INTO v_id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1;
  ELSE
    UPDATE jobs SET status = 'running' WHERE id = p_id RETURNING id INTO v_id;
  END IF;
  RETURN v_id;
END;
$$ LANGUAGE plpgsql;
