CREATE TABLE jobs (
  id bigserial PRIMARY KEY,
  status text NOT NULL DEFAULT 'queued',
  run_at timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz
);

CREATE FUNCTION complete_job(p_id bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE jobs SET status = 'done', locked_until = NULL WHERE id = p_id; -- want `this UPDATE sets status to 'done' by key without re-checking the job's state or its holder`
END;
$$;
