-- Background jobs: emails, subscription charges.
CREATE TABLE jobs (
    id           bigserial   PRIMARY KEY,
    kind         text        NOT NULL,
    payload      jsonb       NOT NULL,
    status       text        NOT NULL DEFAULT 'queued',
    attempts     integer     NOT NULL DEFAULT 0,
    run_at       timestamptz NOT NULL DEFAULT now(),
    locked_until timestamptz,
    last_error   text,
    created_at   timestamptz NOT NULL DEFAULT now()
);

-- The poll reads only runnable rows, oldest first.
CREATE INDEX jobs_runnable_idx ON jobs (run_at) WHERE status = 'queued';
-- The reclaimer reads only running rows.
CREATE INDEX jobs_leased_idx ON jobs (locked_until) WHERE status = 'running';
