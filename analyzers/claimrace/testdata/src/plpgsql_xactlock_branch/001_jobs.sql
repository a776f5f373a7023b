CREATE TABLE jobs (
  id bigserial PRIMARY KEY,
  queue text NOT NULL,
  status text NOT NULL DEFAULT 'queued',
  run_at timestamptz NOT NULL DEFAULT now()
);

-- The advisory lock is taken only in one branch: a call with no queue
-- runs the two steps unserialised.
CREATE OR REPLACE FUNCTION claim_in_branch(p_queue text) RETURNS bigint AS $$
DECLARE
  v_id bigint;
BEGIN
  IF p_queue IS NOT NULL THEN
    PERFORM pg_advisory_xact_lock(hashtext(p_queue));
  END IF;
  SELECT id INTO v_id FROM jobs WHERE queue = p_queue AND status = 'queued' ORDER BY run_at LIMIT 1; -- want `two workers can claim the same job`
  UPDATE jobs SET status = 'running' WHERE id = v_id;
  RETURN v_id;
END;
$$ LANGUAGE plpgsql;

-- The lock is keyed on the worker, not on what the SELECT picks from: two
-- workers hold two different locks.
CREATE OR REPLACE FUNCTION claim_by_worker(p_queue text, p_worker int) RETURNS bigint AS $$
DECLARE
  v_id bigint;
BEGIN
  PERFORM pg_advisory_xact_lock(p_worker);
  SELECT id INTO v_id FROM jobs WHERE queue = p_queue AND status = 'queued' ORDER BY run_at LIMIT 1; -- want `two workers can claim the same job`
  UPDATE jobs SET status = 'running' WHERE id = v_id;
  RETURN v_id;
END;
$$ LANGUAGE plpgsql;

-- pg_try_advisory_xact_lock returns false without waiting, and nothing
-- looks at it: the second caller goes on without the lock.
CREATE OR REPLACE FUNCTION claim_try(p_queue text) RETURNS bigint AS $$
DECLARE
  v_id bigint;
BEGIN
  PERFORM pg_try_advisory_xact_lock(hashtext(p_queue));
  SELECT id INTO v_id FROM jobs WHERE queue = p_queue AND status = 'queued' ORDER BY run_at LIMIT 1; -- want `two workers can claim the same job`
  UPDATE jobs SET status = 'running' WHERE id = v_id;
  RETURN v_id;
END;
$$ LANGUAGE plpgsql;

-- The lock comes after the SELECT: two callers have read the same row
-- before either waits for it.
CREATE OR REPLACE FUNCTION claim_lock_late(p_queue text) RETURNS bigint AS $$
DECLARE
  v_id bigint;
BEGIN
  SELECT id INTO v_id FROM jobs WHERE queue = p_queue AND status = 'queued' ORDER BY run_at LIMIT 1; -- want `two workers can claim the same job`
  PERFORM pg_advisory_xact_lock(hashtext(p_queue));
  UPDATE jobs SET status = 'running' WHERE id = v_id;
  RETURN v_id;
END;
$$ LANGUAGE plpgsql;
