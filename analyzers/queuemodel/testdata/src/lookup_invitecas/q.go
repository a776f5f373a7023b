// Invitations of an organisation: created open, then used, withdrawn or
// lapsed by a request that names the invitation by id and checks that it
// is still open (a compare-and-set whose row count the caller checks).
// No statement looks for the next open invitation: the table is no
// queue, and the compare-and-set is no claim.
package lookup_invitecas

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

type State string

const (
	Used      State = "used"
	Lapsed    State = "lapsed"
	Withdrawn State = "withdrawn"
)

var ErrNotOpen = errors.New("invitation is not open")

type Invites struct{ db *pgxpool.Pool }

func (s *Invites) Create(ctx context.Context, org, email, digest string, until time.Time) (string, error) {
	var id string
	err := s.db.QueryRow(ctx, `INSERT INTO invites (org_id, email, token_digest, valid_until) VALUES ($1, $2, $3, $4) RETURNING id`, org, email, digest, until).Scan(&id)
	return id, err
}

func (s *Invites) ByDigest(ctx context.Context, org, digest string) (string, State, error) {
	var id string
	var st State
	err := s.db.QueryRow(ctx, `SELECT id, state FROM invites WHERE org_id = $1 AND token_digest = $2`, org, digest).Scan(&id, &st)
	return id, st, err
}

func (s *Invites) Page(ctx context.Context, org string, only *State, limit, offset int) ([]string, error) {
	q := `SELECT id FROM invites WHERE org_id = $1`
	args := []any{org}
	if only != nil {
		q += fmt.Sprintf(" AND state = $%d", len(args)+1)
		args = append(args, string(*only))
	}
	q += fmt.Sprintf(" ORDER BY created_at DESC LIMIT $%d OFFSET $%d", len(args)+1, len(args)+2)
	args = append(args, limit, offset)
	rows, err := s.db.Query(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		out = append(out, id)
	}
	return out, rows.Err()
}

func (s *Invites) SetState(ctx context.Context, org, id string, to State, usedAt *time.Time) error {
	tag, err := s.db.Exec(ctx, `UPDATE invites SET state = $3, used_at = $4, updated_at = now() WHERE org_id = $1 AND id = $2 AND state = 'open'`, org, id, string(to), usedAt)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return ErrNotOpen
	}
	return nil
}

func (s *Invites) Remove(ctx context.Context, org, id string) error {
	_, err := s.db.Exec(ctx, `DELETE FROM invites WHERE org_id = $1 AND id = $2`, org, id)
	return err
}

func Accept(ctx context.Context, s *Invites, org, digest string) error {
	id, st, err := s.ByDigest(ctx, org, digest)
	if err != nil {
		return err
	}
	if st != "open" {
		return ErrNotOpen
	}
	now := time.Now()
	return s.SetState(ctx, org, id, Used, &now)
}

func Expire(ctx context.Context, s *Invites, org, id string) error {
	return s.SetState(ctx, org, id, Lapsed, nil)
}

func Withdraw(ctx context.Context, s *Invites, org, id string) error {
	return s.SetState(ctx, org, id, Withdrawn, nil)
}
