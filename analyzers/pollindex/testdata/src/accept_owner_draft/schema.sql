CREATE TABLE draft_picks (
  id bigserial PRIMARY KEY,
  draft_id bigint NOT NULL,
  overall_pick int NOT NULL,
  player_id bigint,
  picked_at timestamptz,
  UNIQUE (draft_id, overall_pick)
);
