CREATE TABLE users (id bigserial PRIMARY KEY, email text NOT NULL, status text NOT NULL DEFAULT 'pending', activated_at timestamptz);
CREATE TABLE orders (id bigserial PRIMARY KEY, status text NOT NULL DEFAULT 'pending', shipped_at timestamptz, items int NOT NULL DEFAULT 0);
