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
  RAISE NOTICE 'job % back after % attempts', p_id, v_attempts;
  UPDATE jobs SET status = 'queued', locked_until = NULL WHERE id = p_id AND status = 'running' AND locked_until < now(); -- want `and counts their attempts, but never compares them with a limit\nno statement or decision compares the count with a limit, so`
END;
$$;
