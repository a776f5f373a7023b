CREATE TABLE drafts (
  id bigserial PRIMARY KEY,
  status text NOT NULL DEFAULT 'pending',
  clock_ends_at timestamptz
);
CREATE TABLE draft_picks (
  id bigserial PRIMARY KEY,
  draft_id bigint NOT NULL REFERENCES drafts (id),
  overall_pick int NOT NULL,
  player_id bigint,
  picked_at timestamptz,
  UNIQUE (draft_id, overall_pick)
);
