CREATE TABLE documents (
    id bigserial PRIMARY KEY,
    title text NOT NULL,
    processing_status text NOT NULL DEFAULT 'pending',
    created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE jobs (
    id bigserial PRIMARY KEY,
    document_id bigint NOT NULL REFERENCES documents (id),
    status text NOT NULL DEFAULT 'queued',
    attempts int NOT NULL DEFAULT 0,
    run_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX jobs_queued ON jobs (run_at) WHERE status = 'queued';
