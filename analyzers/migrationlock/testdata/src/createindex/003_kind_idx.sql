CREATE INDEX jobs_kind ON jobs (kind); -- want `CREATE INDEX locks queue table jobs in SHARE mode`
