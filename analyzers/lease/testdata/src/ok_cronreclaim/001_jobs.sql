CREATE TABLE jobs (
  id bigserial PRIMARY KEY,
  status text NOT NULL DEFAULT 'queued',
  run_at timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz
);

CREATE FUNCTION dequeue() RETURNS SETOF jobs LANGUAGE sql AS $$
  UPDATE jobs SET status = 'running', locked_until = now() + interval '5 minutes'
   WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
  RETURNING *
$$;

-- No Go code calls this: pg_cron does, every minute. It still counts.
CREATE FUNCTION reap_expired() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE jobs SET status = 'queued', locked_until = NULL
   WHERE status = 'running' AND locked_until < now();
END;
$$;
SELECT cron.schedule('* * * * *', 'SELECT reap_expired()');
