package finalstate_claims // want package:"queues\\(public.exports, public.imports, public.reports, public.thumbnails\\)"

// Compare-and-set claims whose in-progress state is left again only by
// another statement: a reaper that returns expired claims (exports), the
// worker's DELETE by key once it is done (reports), an upsert that
// re-queues whatever state the row is in (thumbnails), a completion
// whose SQL the tool cannot read but that writes the table's state column
// (imports). Each stays a claim.

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func NextExport(ctx context.Context, pool *pgxpool.Pool) (int64, error) { // want NextExport:"claims jobs"
	var id int64
	err := pool.QueryRow(ctx, `SELECT id FROM exports WHERE status = 'queued' ORDER BY id LIMIT 1`).Scan(&id)
	return id, err
}

func TakeExport(ctx context.Context, pool *pgxpool.Pool, id int64) error { // want TakeExport:"claims jobs"
	_, err := pool.Exec(ctx, `UPDATE exports SET status = 'exporting', taken_at = now() WHERE id = $1 AND status = 'queued'`, id)
	return err
}

func ReapExports(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `UPDATE exports SET status = 'queued' WHERE status = 'exporting' AND taken_at < now() - interval '10 minutes'`)
	return err
}

func AddExport(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `INSERT INTO exports (status) VALUES ('queued')`)
	return err
}

func NextReport(ctx context.Context, pool *pgxpool.Pool) (int64, error) { // want NextReport:"claims jobs"
	var id int64
	err := pool.QueryRow(ctx, `SELECT id FROM reports WHERE state = 'waiting' ORDER BY id LIMIT 1`).Scan(&id)
	return id, err
}

func TakeReport(ctx context.Context, pool *pgxpool.Pool, id int64) error { // want TakeReport:"claims jobs"
	_, err := pool.Exec(ctx, `UPDATE reports SET state = 'rendering' WHERE id = $1 AND state = 'waiting'`, id)
	return err
}

func DropReport(ctx context.Context, pool *pgxpool.Pool, id int64) error { // want DropReport:"completes jobs, writes outcomes, returns a write.s error"
	_, err := pool.Exec(ctx, `DELETE FROM reports WHERE id = $1`, id)
	return err
}

func AddReport(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `INSERT INTO reports (state) VALUES ('waiting')`)
	return err
}

func NextThumb(ctx context.Context, pool *pgxpool.Pool) (string, error) { // want NextThumb:"claims jobs"
	var key string
	err := pool.QueryRow(ctx, `SELECT key FROM thumbnails WHERE phase = 'pending' ORDER BY created_at LIMIT 1`).Scan(&key)
	return key, err
}

func TakeThumb(ctx context.Context, pool *pgxpool.Pool, key string) error { // want TakeThumb:"claims jobs"
	_, err := pool.Exec(ctx, `UPDATE thumbnails SET phase = 'resizing' WHERE key = $1 AND phase = 'pending'`, key)
	return err
}

func Request(ctx context.Context, pool *pgxpool.Pool, key string) error {
	_, err := pool.Exec(ctx, `INSERT INTO thumbnails (key, phase, created_at) VALUES ($1, 'pending', now())
		ON CONFLICT (key) DO UPDATE SET phase = 'pending', created_at = now()`, key)
	return err
}

func NextImport(ctx context.Context, pool *pgxpool.Pool) (int64, error) { // want NextImport:"claims jobs"
	var id int64
	err := pool.QueryRow(ctx, `SELECT id FROM imports WHERE status = 'new' ORDER BY id LIMIT 1`).Scan(&id)
	return id, err
}

func TakeImport(ctx context.Context, pool *pgxpool.Pool, id int64) error { // want TakeImport:"claims jobs"
	_, err := pool.Exec(ctx, `UPDATE imports SET status = 'importing' WHERE id = $1 AND status = 'new'`, id)
	return err
}

func EndImport(ctx context.Context, pool *pgxpool.Pool, id int64, outcome, stampColumn string) error {
	_, err := pool.Exec(ctx, `UPDATE imports SET status = $2, `+stampColumn+` = now() WHERE id = $1`, id, outcome)
	return err
}

func AddImport(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `INSERT INTO imports (status) VALUES ('new')`)
	return err
}
