ALTER TABLE jobs ADD COLUMN kind text; -- want `ALTER TABLE locks queue table jobs`
