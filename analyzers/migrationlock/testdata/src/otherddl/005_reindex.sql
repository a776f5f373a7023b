REINDEX INDEX jobs_runnable; -- want `REINDEX locks queue table jobs in SHARE mode`
