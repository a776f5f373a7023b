CREATE TABLE orders (id bigserial PRIMARY KEY, status text NOT NULL, placed_at timestamp NOT NULL);
