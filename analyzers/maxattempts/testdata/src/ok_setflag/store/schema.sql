CREATE TABLE work_items (id bigserial PRIMARY KEY, kind text NOT NULL, claimed_by bigint NOT NULL DEFAULT -1,
	claimed_at timestamptz, tries int NOT NULL DEFAULT 0, failed boolean NOT NULL DEFAULT false, failed_reason text);
