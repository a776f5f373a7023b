ALTER TABLE jobs ADD COLUMN locked_until timestamp(3) WITHOUT TIME ZONE; -- want `jobs.locked_until is timestamp without time zone`
