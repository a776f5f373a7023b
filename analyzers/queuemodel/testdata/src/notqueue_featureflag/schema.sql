CREATE TABLE feature_flags (
	key text PRIMARY KEY,
	enabled boolean NOT NULL DEFAULT false,
	rollout_at timestamptz
);
