CREATE TABLE tasks (
  id bigserial PRIMARY KEY,
  state text NOT NULL DEFAULT 'ready',
  tries int NOT NULL DEFAULT 0
);

CREATE FUNCTION retry_task(p_id bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE tasks SET state = 'ready', tries = tries + 1 WHERE id = p_id; -- want `this retry puts the job back with no limit`
END;
$$;
