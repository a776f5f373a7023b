ALTER TABLE jobs DISABLE TRIGGER ALL; -- want `ALTER TABLE locks queue table jobs in SHARE ROW EXCLUSIVE mode`
