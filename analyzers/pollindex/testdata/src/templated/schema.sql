-- A migration the program renders with text/template before it runs: the
-- placeholders are names (a tablespace, a role, a default), not SQL, and
-- the statements around them are still read.
CREATE TABLE jobs ( -- want `no index serves the poll on jobs \(WHERE status = 'queued' AND run_at <= now\(\) ORDER BY run_at\)\n.*CREATE INDEX CONCURRENTLY jobs_poll_idx ON jobs \(run_at\) WHERE status = 'queued'`
  id bigserial PRIMARY KEY,
  priority int NOT NULL DEFAULT {{ .DefaultPriority }},
  status text NOT NULL DEFAULT 'queued',
  run_at timestamptz NOT NULL DEFAULT now()
) TABLESPACE {{.Tablespace}};
GRANT SELECT, UPDATE ON jobs TO {{.WorkerRole}};
{{if .Partitioned}}ALTER TABLE jobs SET (fillfactor = 90);{{end}}
