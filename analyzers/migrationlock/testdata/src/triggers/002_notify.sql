CREATE FUNCTION jobs_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('jobs', NEW.id::text);
    RETURN NULL;
END
$$;
CREATE TRIGGER jobs_notify AFTER INSERT ON jobs FOR EACH ROW EXECUTE FUNCTION jobs_notify(); -- want `CREATE TRIGGER locks queue table jobs in SHARE ROW EXCLUSIVE mode`
