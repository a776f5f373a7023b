CREATE TABLE incidents (
    id bigserial PRIMARY KEY,
    title text NOT NULL,
    status text NOT NULL DEFAULT 'reported',
    report_count int NOT NULL DEFAULT 1,
    location point NOT NULL,
    locked_until timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
);
