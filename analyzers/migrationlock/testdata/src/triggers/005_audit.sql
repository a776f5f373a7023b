CREATE TRIGGER jobs_audit AFTER UPDATE ON jobs FOR EACH ROW EXECUTE FUNCTION jobs_notify(); -- want `CREATE TRIGGER locks queue table jobs in SHARE ROW EXCLUSIVE mode`
