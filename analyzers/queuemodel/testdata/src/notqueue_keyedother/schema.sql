CREATE TABLE orders (id bigserial PRIMARY KEY, status text NOT NULL DEFAULT 'pending', replaces bigint);
