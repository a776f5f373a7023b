CREATE TABLE work_items (id bigserial PRIMARY KEY, body text);
