CREATE TABLE jobs (
  id bigserial PRIMARY KEY,
  status text NOT NULL DEFAULT 'queued',
  attempts int NOT NULL DEFAULT 0,
  run_at timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz
);

CREATE FUNCTION reclaim_job(p_id bigint) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_attempts int;
BEGIN
  SELECT attempts INTO v_attempts FROM jobs WHERE id = p_id;
  IF v_attempts >= 5 THEN
    UPDATE jobs SET status = 'failed' WHERE id = p_id AND status = 'running' AND locked_until < now();
  ELSE
    UPDATE jobs SET status = 'queued', locked_until = NULL WHERE id = p_id AND status = 'running' AND locked_until < now();
  END IF;
END;
$$;
