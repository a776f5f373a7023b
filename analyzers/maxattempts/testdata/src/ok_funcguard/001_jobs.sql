CREATE TABLE tasks (
  id bigserial PRIMARY KEY,
  state text NOT NULL DEFAULT 'ready',
  tries int NOT NULL DEFAULT 0
);

-- The function decides: after five tries the task fails for good.
CREATE FUNCTION retry_task(p_id bigint) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_tries int;
BEGIN
  SELECT tries INTO v_tries FROM tasks WHERE id = p_id;
  IF v_tries >= 5 THEN
    UPDATE tasks SET state = 'failed' WHERE id = p_id;
  ELSE
    UPDATE tasks SET state = 'ready', tries = tries + 1 WHERE id = p_id;
  END IF;
END;
$$;
