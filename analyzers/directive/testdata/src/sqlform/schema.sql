-- jobqlint:ignore pollindex the poll index comes later -- want "^jobqlint:ignore pollindex suppresses nothing: it applies to line 2, which holds no SQL statement\\na directive alone on its line applies to the next line"

CREATE TABLE jobs (
  id bigserial PRIMARY KEY,
  status text NOT NULL DEFAULT 'queued',
  -- jobqlint:ignore timestamptz every session is UTC (ALTER DATABASE ... SET timezone)
  run_at timestamp NOT NULL DEFAULT now(),
  locked_until timestamptz -- jobqlint:ignore timestamptz -- want "jobqlint:ignore timestamptz gives no reason\\nwrite after the rule why"
);
-- jobqlint:ignore pollindex between the statements -- want "suppresses nothing: it applies to line 11, which holds no SQL statement\\n"

CREATE INDEX jobs_poll ON jobs (run_at) WHERE status = 'queued'; -- jobqlint:ignore pollindex on the statement's own line
-- jobqlint:ignore pollindx a typo -- want "^jobqlint:ignore pollindx a typo: \"pollindx\" is not a jobqlint rule, so it suppresses nothing\\nthe rules are claimrace, "
CREATE INDEX jobs_kind ON jobs (status);
-- jobqlint:ignore timestamptz after the last statement -- want "it applies to line 16, which holds no SQL statement\\n"
