CREATE TABLE tasks (
  id bigserial PRIMARY KEY,
  kind smallint NOT NULL,
  status smallint NOT NULL DEFAULT 0,
  created timestamp NOT NULL DEFAULT now(),
  updated timestamp NOT NULL DEFAULT now(), -- want `tasks.updated is timestamp without time zone`
  expires_at timestamp NOT NULL -- want `tasks.expires_at is timestamp without time zone`
);
