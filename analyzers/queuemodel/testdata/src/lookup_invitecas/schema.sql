CREATE TABLE invites (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    org_id uuid NOT NULL,
    email text NOT NULL,
    token_digest text NOT NULL UNIQUE,
    state text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'used', 'lapsed', 'withdrawn')),
    valid_until timestamptz NOT NULL,
    used_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX invites_org_state_idx ON invites (org_id, state);
