-- dbos-transact-golang's shape: the program substitutes the schema with
-- fmt.Sprintf before it runs the migration. Not a syntax error.
CREATE TABLE %s.jobs (id bigserial PRIMARY KEY, status text NOT NULL, run_at timestamptz NOT NULL);
CREATE INDEX jobs_poll ON %s.jobs (run_at) WHERE status = 'queued';
CREATE FUNCTION %s.touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE %s.jobs SET run_at = now() WHERE id = NEW.id;
  RETURN NEW;
END $$;
