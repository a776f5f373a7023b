CREATE TABLE jobs (id bigserial PRIMARY KEY, status text NOT NULL, run_at timestamptz NOT NULL);
CREATE INDEX jobs_poll ON jobs (run_at) WHERE status = 'queued';

CREATE FUNCTION finish(p_id bigint) RETURNS void LANGUAGE sql AS $$
  UPDATE jobs SET status = 'done' WHERE id = p_id;
  UPDATE jobs SET WHERE id = p_id; -- want `migration does not parse: syntax error at or near "WHERE"\n`
$$;
