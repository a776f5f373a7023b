// A pub/sub adapter whose per-topic messages table, named by a method from
// a prefix and the topic, is created with the index its poll needs. The
// migration's app_messages_orders, which such a method could name, is not
// that table: nothing says which prefix and topic the caller gives.
package accept_gofuncname

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Adapter struct {
	pool   *pgxpool.Pool
	prefix string
}

func NewAdapter(pool *pgxpool.Pool, prefix string) *Adapter {
	return &Adapter{pool: pool, prefix: prefix}
}

func (a *Adapter) messagesTable(topic string) string {
	return fmt.Sprintf("%s_messages_%s", a.prefix, topic)
}

func (a *Adapter) InitTopic(ctx context.Context, topic string) error {
	_, err := a.pool.Exec(ctx, fmt.Sprintf(`CREATE TABLE IF NOT EXISTS %[1]s (
		id bigserial PRIMARY KEY,
		status text NOT NULL DEFAULT 'pending',
		created_at timestamptz NOT NULL DEFAULT now()
	);
	CREATE INDEX IF NOT EXISTS %[1]s_due ON %[1]s (created_at) WHERE status = 'pending'`, a.messagesTable(topic)))
	return err
}

func (a *Adapter) Take(ctx context.Context, topic string) (id int64, err error) {
	err = a.pool.QueryRow(ctx, fmt.Sprintf(`UPDATE %[1]s SET status = 'taken' WHERE id = (
		SELECT id FROM %[1]s WHERE status = 'pending' ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`, a.messagesTable(topic))).Scan(&id)
	return id, err
}
