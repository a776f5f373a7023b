CREATE SCHEMA queue;
CREATE TABLE queue.work_items (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  status text NOT NULL,
  scheduled_for timestamp NOT NULL -- want `queue.work_items.scheduled_for is timestamp without time zone`
);
CREATE INDEX ON queue.work_items (scheduled_for) WHERE status = 'ready';
