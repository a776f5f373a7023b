-- A FIFO queue with no state column: a row waits until a worker pops it.
CREATE TABLE waiting_list (
  id serial PRIMARY KEY,
  user_id int NOT NULL,
  created_at TIMESTAMP NOT NULL -- want `waiting_list.created_at is timestamp without time zone`
);
