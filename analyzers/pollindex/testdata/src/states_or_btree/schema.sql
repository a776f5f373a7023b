CREATE TABLE jobs ( -- want `the index jobs_status \(status\) finds the runnable rows of the poll on jobs but not in its order\nthe poll: WHERE status = 'queued' OR \(status = 'failed' AND attempts < 5\) ORDER BY run_at; every poll reads and sorts`
  id bigserial PRIMARY KEY,
  status text NOT NULL DEFAULT 'queued',
  attempts integer NOT NULL DEFAULT 0,
  run_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX jobs_status ON jobs (status);
