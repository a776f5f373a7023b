-- accounts is no queue table: the rule is about stopping the queue.
ALTER TABLE accounts ADD COLUMN email text;
