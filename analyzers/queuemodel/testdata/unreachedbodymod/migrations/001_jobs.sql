CREATE TABLE jobs (id bigserial PRIMARY KEY, status text NOT NULL DEFAULT 'queued',
  locked_until timestamptz, payload jsonb NOT NULL);

CREATE FUNCTION requeue_expired() RETURNS void LANGUAGE sql AS $$
  UPDATE jobs SET status = 'queued', locked_until = NULL WHERE status = 'running' AND locked_until < now();
$$;
