-- Each migration file is its own session: the setting of 002 is gone.
ALTER TABLE jobs ADD COLUMN note text; -- want `ALTER TABLE locks queue table jobs`
