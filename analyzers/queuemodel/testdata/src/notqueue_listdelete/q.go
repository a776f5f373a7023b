// An admin's pages of users, oldest first, and a user deleted by key; a
// tenant's users told goodbye and deleted, a page at a time;
// prunings of the oldest rows, read then deleted with nothing run between,
// or up to a cut-off a store's method finds with OFFSET; a one-off copy of
// every legacy row; members of a team listed through a join, and deleted
// up to an id; a digest of the oldest sessions sent, then the expired ones
// purged by time. No batch of pending rows is handed on and deleted.
package notqueue_listdelete

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

type Store struct{ db *pgxpool.Pool }

func (s *Store) ListUsers(ctx context.Context, limit int32) (pgx.Rows, error) {
	return s.db.Query(ctx, `SELECT id, email FROM users ORDER BY id LIMIT $1`, limit)
}

func (s *Store) DeleteUser(ctx context.Context, id int64) error {
	_, err := s.db.Exec(ctx, `DELETE FROM users WHERE id = $1`, id)
	return err
}

func (s *Store) PruneAudit(ctx context.Context) error {
	var last int64
	if err := s.db.QueryRow(ctx, `SELECT id FROM audit ORDER BY id LIMIT 1 OFFSET 100000`).Scan(&last); err != nil {
		return err
	}
	_, err := s.db.Exec(ctx, `DELETE FROM audit WHERE id < $1`, last)
	return err
}

func (s *Store) TrimLog(ctx context.Context) error {
	rows, err := s.db.Query(ctx, `SELECT id FROM log_lines ORDER BY id LIMIT 1000`)
	if err != nil {
		return err
	}
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return err
		}
		ids = append(ids, id)
	}
	rows.Close()
	_, err = s.db.Exec(ctx, `DELETE FROM log_lines WHERE id = ANY($1)`, ids)
	return err
}

func (s *Store) CutoffID(ctx context.Context, keep int64) (int64, error) {
	var id int64
	err := s.db.QueryRow(ctx, `SELECT id FROM events ORDER BY id LIMIT 1 OFFSET $1`, keep).Scan(&id)
	return id, err
}

func (s *Store) DeleteEventsBefore(ctx context.Context, id int64) error {
	_, err := s.db.Exec(ctx, `DELETE FROM events WHERE id < $1`, id)
	return err
}

func (s *Store) MoveLegacy(ctx context.Context, copyTo func(int64, []byte) error) error { // want MoveLegacy:"runs parameter 1 in a loop"
	rows, err := s.db.Query(ctx, `SELECT id, doc FROM legacy_docs ORDER BY id`)
	if err != nil {
		return err
	}
	var ids []int64
	for rows.Next() {
		var id int64
		var doc []byte
		if err := rows.Scan(&id, &doc); err != nil {
			rows.Close()
			return err
		}
		if err := copyTo(id, doc); err != nil {
			rows.Close()
			return err
		}
		ids = append(ids, id)
	}
	rows.Close()
	_, err = s.db.Exec(ctx, `DELETE FROM legacy_docs WHERE id = ANY($1)`, ids)
	return err
}

func (s *Store) TeamMembers(ctx context.Context, team int64, limit int32) (pgx.Rows, error) {
	return s.db.Query(ctx, `SELECT m.id, m.user_id FROM members m JOIN teams t ON t.id = m.team_id AND t.archived ORDER BY m.id LIMIT $1`, limit)
}

func (s *Store) DeleteMembersThrough(ctx context.Context, id int64) error {
	_, err := s.db.Exec(ctx, `DELETE FROM members WHERE id <= $1`, id)
	return err
}

func (s *Store) OffboardTenant(ctx context.Context, tenant int64, bye func(string) error) error { // want OffboardTenant:"runs parameter 2 in a loop"
	rows, err := s.db.Query(ctx, `SELECT id, email FROM users WHERE tenant_id = $1 ORDER BY id LIMIT 50`, tenant)
	if err != nil {
		return err
	}
	var ids []int64
	for rows.Next() {
		var id int64
		var email string
		if err := rows.Scan(&id, &email); err != nil {
			rows.Close()
			return err
		}
		if err := bye(email); err != nil {
			rows.Close()
			return err
		}
		ids = append(ids, id)
	}
	rows.Close()
	_, err = s.db.Exec(ctx, `DELETE FROM users WHERE id = ANY($1)`, ids)
	return err
}

func (s *Store) DigestAndPurge(ctx context.Context, report func(int64, string) error) error { // want DigestAndPurge:"runs parameter 1 in a loop"
	rows, err := s.db.Query(ctx, `SELECT id, user_agent FROM sessions ORDER BY id LIMIT 100`)
	if err != nil {
		return err
	}
	for rows.Next() {
		var id int64
		var agent string
		if err := rows.Scan(&id, &agent); err != nil {
			rows.Close()
			return err
		}
		if err := report(id, agent); err != nil {
			rows.Close()
			return err
		}
	}
	rows.Close()
	_, err = s.db.Exec(ctx, `DELETE FROM sessions WHERE expires_at < now()`)
	return err
}
