-- One row per configured monitor: its health flips between healthy and
-- unhealthy as heartbeats stop and resume.
CREATE TABLE monitors ( -- want `no index serves the poll on monitors`
  id bigserial PRIMARY KEY,
  name text NOT NULL,
  health text NOT NULL DEFAULT 'unknown',
  last_beat timestamptz NOT NULL DEFAULT now(),
  timeout interval NOT NULL
);
