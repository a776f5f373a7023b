-- The lease column.
ALTER TABLE jobs ADD COLUMN locked_until timestamptz; -- want `ALTER TABLE locks queue table jobs in ACCESS EXCLUSIVE mode with no lock_timeout set before it\nno SET lock_timeout precedes it in the migration, so behind one long transaction on jobs it waits for the lock, and every claim`
