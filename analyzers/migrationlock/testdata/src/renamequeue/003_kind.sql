-- A new transaction: it waits again.
ALTER TABLE jobs ADD COLUMN priority int; -- want `ALTER TABLE locks queue table jobs in ACCESS EXCLUSIVE mode`
