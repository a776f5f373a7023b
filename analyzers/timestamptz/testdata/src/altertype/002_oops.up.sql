-- A later migration changes the type back: the finding moves here.
ALTER TABLE jobs ALTER COLUMN run_at TYPE timestamp; -- want `jobs.run_at is timestamp without time zone`
