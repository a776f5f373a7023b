CREATE TABLE queued_pipes (
  key text PRIMARY KEY,
  priority int NOT NULL DEFAULT 0,
  locked_at timestamp without time zone -- want `locked_at is timestamp without time zone`
);

CREATE TABLE runs (
  id bigserial PRIMARY KEY,
  status text NOT NULL DEFAULT 'queued',
  heartbeat_at timestamp -- want `heartbeat_at is timestamp without time zone`
);

CREATE FUNCTION remove_locked_from_queue(age interval) RETURNS void AS $$
BEGIN
  DELETE FROM queued_pipes WHERE locked_at < now() - age;
END;
$$ LANGUAGE plpgsql;

CREATE FUNCTION requeue_stuck_runs() RETURNS void AS $$
  UPDATE runs SET status = 'queued' WHERE status = 'running' AND heartbeat_at < now() - interval '5 minutes';
$$ LANGUAGE sql;
