CREATE TABLE tasks (
  id bigserial PRIMARY KEY,
  state text NOT NULL DEFAULT 'ready',
  tries int NOT NULL DEFAULT 0
);
CREATE TABLE task_failures (task_id bigint NOT NULL, error text NOT NULL);

-- Recording a failure puts the task back, through a trigger.
CREATE FUNCTION requeue_failed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE tasks SET state = 'ready', tries = tries + 1 WHERE id = NEW.task_id; -- want `this retry puts the job back with no limit`
  RETURN NEW;
END;
$$;
CREATE TRIGGER task_failed AFTER INSERT ON task_failures
  FOR EACH ROW EXECUTE FUNCTION requeue_failed();
