CREATE TABLE sync_requests (
  id bigserial PRIMARY KEY,
  account_id bigint NOT NULL,
  priority int NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  locked_at timestamptz,
  synced_at timestamptz
);

CREATE FUNCTION take_sync_requests() RETURNS TABLE(id bigint, account_id bigint) AS $$
BEGIN
  RETURN QUERY
  WITH candidates AS ( -- want `this claim writes a lease \(locked_at\), but no statement in the module returns jobs whose lease expired`
    SELECT c.id, c.priority, c.created_at
    FROM (SELECT r.id, r.priority, r.created_at FROM sync_requests r
          WHERE r.locked_at IS NULL AND r.synced_at IS NULL FOR UPDATE) AS c
  )
  UPDATE sync_requests SET locked_at = now()
  FROM (SELECT candidates.id FROM candidates ORDER BY candidates.priority DESC, candidates.created_at LIMIT 10) AS picked
  WHERE sync_requests.id = picked.id
  RETURNING sync_requests.id, sync_requests.account_id;
END;
$$ LANGUAGE plpgsql;
