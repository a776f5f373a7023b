// The claim step reads the locked row with a helper that scans it and
// decodes its payload, then marks the row taken, counts the attempt and
// commits, all before any work runs: a payload that fails to decode fails
// the claim, and the work's failures are recorded under the limit.
package ok_rbclaimdecode

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

type Order struct {
	ID    int64
	Tries int
	Body  struct {
		SKU string `json:"sku"`
	}
}

func readOrder(row pgx.Row) (*Order, error) {
	var o Order
	var raw []byte
	if err := row.Scan(&o.ID, &o.Tries, &raw); err != nil {
		return nil, err
	}
	if err := json.Unmarshal(raw, &o.Body); err != nil {
		return nil, fmt.Errorf("order %d: %w", o.ID, err)
	}
	return &o, nil
}

type Orders struct{ pool *pgxpool.Pool }

func (s *Orders) Take(ctx context.Context) (*Order, error) {
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback(ctx)
	o, err := readOrder(tx.QueryRow(ctx, `SELECT id, tries, body FROM orders WHERE state = 'new' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`))
	if err != nil {
		return nil, err
	}
	if _, err := tx.Exec(ctx, `UPDATE orders SET state = 'picking', tries = tries + 1, picked_until = now() + interval '5 minutes' WHERE id = $1`, o.ID); err != nil {
		return nil, err
	}
	if err := tx.Commit(ctx); err != nil {
		return nil, err
	}
	return o, nil
}

func (s *Orders) Release(ctx context.Context, o *Order) error {
	if o.Tries >= 5 {
		_, err := s.pool.Exec(ctx, `UPDATE orders SET state = 'stuck' WHERE id = $1`, o.ID)
		return err
	}
	_, err := s.pool.Exec(ctx, `UPDATE orders SET state = 'new' WHERE id = $1`, o.ID)
	return err
}

func (s *Orders) Expire(ctx context.Context) error {
	_, err := s.pool.Exec(ctx, `UPDATE orders SET state = 'new' WHERE state = 'picking' AND picked_until < now()`)
	return err
}
