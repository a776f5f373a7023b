// The claim step reads the locked row with a helper that scans it,
// decodes its payload and also runs the package's stock check, the
// order's work: when the check fails, the claim's transaction rolls back
// with nothing recorded, and the next poll takes the order again.
package rbclaimstephook

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
	return &o, reserve(o.Body.SKU)
}

var stock = map[string]int{}

func reserve(sku string) error {
	if stock[sku] == 0 {
		return fmt.Errorf("no stock for %s", sku)
	}
	stock[sku]--
	return nil
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
		return nil, err // want `this rollback of the claim's transaction puts the job back with no attempt recorded and no limit`
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
