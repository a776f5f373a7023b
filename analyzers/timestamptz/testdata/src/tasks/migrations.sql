-- Other names: tasks, state, 'pending' -> 'taken'. The rule goes by what statements do.
CREATE TABLE tasks (
  task_id uuid PRIMARY KEY,
  state text NOT NULL,
  not_before TIMESTAMP NOT NULL -- want `tasks.not_before is timestamp without time zone`
);
CREATE INDEX tasks_state_not_before ON tasks (state, not_before);
