CREATE TABLE users (id bigserial PRIMARY KEY);
-- jobqlint:ignore pollindex between statements

-- jobqlint:ignore
CREATE TABLE orders (id bigserial PRIMARY KEY);
