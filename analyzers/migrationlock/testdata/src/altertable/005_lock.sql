LOCK TABLE jobs IN SHARE ROW EXCLUSIVE MODE; -- want `LOCK TABLE locks queue table jobs in SHARE ROW EXCLUSIVE mode`
