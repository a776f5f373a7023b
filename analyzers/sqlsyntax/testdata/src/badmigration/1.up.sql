CREATE TABLE jobs (id bigserial PRIMARY KEY, status text NOT NULL, run_at timestamptz NOT NULL);
CREATE INDEX jobs_poll ON jobs (run_at) WHERE status = 'queued';

CREATE TABLE oops (id int,, name text); -- want `migration does not parse: syntax error at or near ","\nthe schema jobqlint checks lacks this statement`
