-- Background jobs: emails, subscription charges.

-- defect: pollindex
CREATE TABLE jobs (
    id          bigserial PRIMARY KEY,
    kind        text      NOT NULL,
    payload     jsonb     NOT NULL,
    status      text      NOT NULL DEFAULT 'queued',
    attempts    integer   NOT NULL DEFAULT 0,
    -- defect: timestamptz
    run_at      timestamp NOT NULL DEFAULT now(),
    last_error  text,
    created_at  timestamp NOT NULL DEFAULT now()
);

CREATE INDEX jobs_kind_idx ON jobs (kind);
