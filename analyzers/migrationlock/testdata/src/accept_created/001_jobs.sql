-- Changes to a table the same migration creates wait for nobody.
CREATE TABLE jobs (id bigserial PRIMARY KEY, status text NOT NULL DEFAULT 'queued');
ALTER TABLE jobs ADD COLUMN run_at timestamptz NOT NULL DEFAULT now();
CREATE INDEX jobs_runnable ON jobs (run_at) WHERE status = 'queued';
CREATE FUNCTION jobs_notify() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_notify('jobs', ''); RETURN NULL; END $$;
CREATE TRIGGER jobs_notify AFTER INSERT ON jobs FOR EACH STATEMENT EXECUTE FUNCTION jobs_notify();
CREATE TABLE job_attempts (id bigserial PRIMARY KEY, job_id bigint NOT NULL REFERENCES jobs (id));
