-- The jobs table. Every time is timestamptz: an instant, the same whatever
-- the TimeZone of the session that writes or reads it (web sessions in
-- Europe/London, workers in UTC).
CREATE TABLE jobs (
    id           bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    queue        text        NOT NULL DEFAULT 'default',
    kind         text        NOT NULL,
    payload      jsonb       NOT NULL DEFAULT '{}',
    -- available -> running -> succeeded | failed, or back to available for
    -- a retry or when its lease expires.
    state        text        NOT NULL DEFAULT 'available'
                 CHECK (state IN ('available', 'running', 'succeeded', 'failed')),
    run_at       timestamptz NOT NULL DEFAULT now(),
    -- Counted by the claim, so a job whose worker dies still uses up an attempt.
    attempts     integer     NOT NULL DEFAULT 0,
    max_attempts integer     NOT NULL DEFAULT 25 CHECK (max_attempts > 0),
    -- Written by each claim: only the holder of the current token can renew
    -- the lease or record the outcome. Kept after success (the claim that
    -- finished the job), cleared when the job goes back to the queue.
    lease_token  uuid,
    leased_until timestamptz,
    last_error   text,
    created_at   timestamptz NOT NULL DEFAULT now(),
    finished_at  timestamptz,
    CHECK ((state = 'running') = (leased_until IS NOT NULL)),
    CHECK ((state IN ('succeeded', 'failed')) = (finished_at IS NOT NULL))
);

-- The poll: available jobs of one queue that are due, oldest first. The
-- partial index holds only available jobs, so finished ones (kept 90 days)
-- cost the poll nothing.
CREATE INDEX jobs_available ON jobs (queue, run_at, id) WHERE state = 'available';

-- The reclaimer: running jobs whose lease has expired.
CREATE INDEX jobs_leased ON jobs (leased_until) WHERE state = 'running';

-- Retention: finished jobs, oldest first.
CREATE INDEX jobs_finished ON jobs (finished_at) WHERE state IN ('succeeded', 'failed');

-- Wake idle workers when due jobs are inserted. NOTIFY is transactional: the
-- notification goes out when the enqueuing transaction commits, and not at
-- all if it rolls back. One notification per queue and statement, so a batch
-- enqueue wakes workers once.
CREATE FUNCTION jobs_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('jobs_available', q.queue)
    FROM (SELECT DISTINCT queue FROM inserted WHERE state = 'available' AND run_at <= now()) AS q;
    RETURN NULL;
END
$$;

CREATE TRIGGER jobs_notify AFTER INSERT ON jobs
    REFERENCING NEW TABLE AS inserted
    FOR EACH STATEMENT EXECUTE FUNCTION jobs_notify();
