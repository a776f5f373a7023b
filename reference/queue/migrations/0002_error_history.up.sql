-- Every attempt's error, oldest first, as {"attempt", "at", "error"}:
-- last_error is only the latest, and a reclaim ("lease expired") would
-- otherwise hide the handler's error before it. A constant default: no
-- table rewrite, the ACCESS EXCLUSIVE lock is brief.
ALTER TABLE jobs ADD COLUMN errors jsonb NOT NULL DEFAULT '[]';
