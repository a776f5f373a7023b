CREATE TABLE outbox (
  id bigserial PRIMARY KEY,
  topic text NOT NULL,
  payload bytea NOT NULL,
  published boolean NOT NULL DEFAULT false
);
CREATE INDEX outbox_unpublished ON outbox (id) WHERE NOT published;
