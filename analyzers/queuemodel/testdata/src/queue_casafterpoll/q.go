package queue_casafterpoll // want package:"queues\\(public.invites\\)"

// The invitations of lookup_invitecas, with a sender that looks for the
// oldest open ones (no OFFSET: the first rows in the state jobs are
// created in) and takes each by a compare-and-set into 'sending': a
// search for work, so the compare-and-set is a claim and the table a
// queue.

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5/pgxpool"
)

var ErrNotOpen = errors.New("invitation is not open")

type Invites struct{ db *pgxpool.Pool }

func (s *Invites) Create(ctx context.Context, org, email, digest string) error {
	_, err := s.db.Exec(ctx, `INSERT INTO invites (org_id, email, token_digest, valid_until) VALUES ($1, $2, $3, now() + interval '7 days')`, org, email, digest)
	return err
}

func (s *Invites) Page(ctx context.Context, org string, limit, offset int) ([]string, error) {
	return s.ids(ctx, `SELECT id FROM invites WHERE org_id = $1 ORDER BY created_at DESC LIMIT $2 OFFSET $3`, org, limit, offset)
}

func (s *Invites) Unsent(ctx context.Context) ([]string, error) { // want Unsent:"claims jobs"
	return s.ids(ctx, `SELECT id FROM invites WHERE state = 'open' ORDER BY created_at LIMIT 50`)
}

func (s *Invites) ids(ctx context.Context, q string, args ...any) ([]string, error) { // want ids:"sql wrapper\\(param 1 -> Query on pool\\)"
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

func (s *Invites) Take(ctx context.Context, id string) error { // want Take:"claims jobs"
	tag, err := s.db.Exec(ctx, `UPDATE invites SET state = 'sending', updated_at = now() WHERE id = $1 AND state = 'open'`, id)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return ErrNotOpen
	}
	return nil
}

func (s *Invites) Sent(ctx context.Context, id string) error { // want Sent:"completes jobs, writes outcomes, returns a write's error"
	_, err := s.db.Exec(ctx, `UPDATE invites SET state = 'used', updated_at = now() WHERE id = $1`, id)
	return err
}

func SendAll(ctx context.Context, s *Invites, send func(string) error) error { // want SendAll:"claims jobs in a loop, completes jobs, runs parameter 2"
	ids, err := s.Unsent(ctx)
	if err != nil {
		return err
	}
	for _, id := range ids {
		if err := s.Take(ctx, id); err != nil {
			continue
		}
		if err := send(id); err != nil {
			return fmt.Errorf("send %s: %w", id, err)
		}
		if err := s.Sent(ctx, id); err != nil {
			return err
		}
	}
	return nil
}
