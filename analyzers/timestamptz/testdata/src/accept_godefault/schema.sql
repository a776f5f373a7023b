CREATE TABLE outbox (id bigserial PRIMARY KEY, status text NOT NULL DEFAULT 'pending', available_at timestamp NOT NULL DEFAULT now());
