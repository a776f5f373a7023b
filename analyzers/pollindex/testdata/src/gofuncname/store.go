// A pub/sub adapter that keeps one messages table per topic, named by a
// method from a prefix its caller gives and the topic: the schema is the
// DDL it runs for a topic before use, and the index it makes does not
// serve the poll. The archive tables, named by another method, and the
// dead-letter table, named by the same method from another field, are
// other tables: the index made for one says nothing of the others' polls.
package gofuncname

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Adapter struct {
	pool       *pgxpool.Pool
	prefix     string
	deadLetter string
	holding    string
}

func NewAdapter(pool *pgxpool.Pool, prefix, deadLetter, holding string) *Adapter {
	return &Adapter{pool: pool, prefix: prefix, deadLetter: deadLetter, holding: holding}
}

func (a *Adapter) messagesTable(topic string) string {
	return fmt.Sprintf("%s_messages_%s", a.prefix, topic)
}

func (a *Adapter) archiveTable(topic string) string {
	return a.prefix + "_archive_" + topic
}

func (a *Adapter) InitTopic(ctx context.Context, topic string) error {
	// want +1 `no index serves the poll on {gofuncname.Adapter.messagesTable} \(WHERE status = 'pending' ORDER BY created_at\)`
	_, err := a.pool.Exec(ctx, fmt.Sprintf(`CREATE TABLE IF NOT EXISTS %[1]s (
		id bigserial PRIMARY KEY,
		status text NOT NULL DEFAULT 'pending',
		kind text NOT NULL,
		created_at timestamptz NOT NULL DEFAULT now()
	);
	CREATE INDEX IF NOT EXISTS %[1]s_kind ON %[1]s (kind)`, a.messagesTable(topic)))
	if err != nil {
		return err
	}
	_, err = a.pool.Exec(ctx, `CREATE TABLE IF NOT EXISTS `+a.archiveTable(topic)+` (
		id bigserial PRIMARY KEY,
		status text NOT NULL DEFAULT 'pending',
		created_at timestamptz NOT NULL DEFAULT now()
	);
	CREATE INDEX IF NOT EXISTS `+a.archiveTable(topic)+`_due ON `+a.archiveTable(topic)+` (created_at) WHERE status = 'pending'`)
	if err != nil {
		return err
	}
	_, err = a.pool.Exec(ctx, fmt.Sprintf(`CREATE TABLE IF NOT EXISTS %[1]s (
		id bigserial PRIMARY KEY,
		status text NOT NULL DEFAULT 'pending',
		priority int NOT NULL DEFAULT 0,
		created_at timestamptz NOT NULL DEFAULT now()
	);
	CREATE INDEX IF NOT EXISTS %[1]s_due ON %[1]s (created_at) WHERE status = 'pending'`, a.messagesTable(a.deadLetter)))
	return err
}

func (a *Adapter) Take(ctx context.Context, topic string) (id int64, err error) {
	err = a.pool.QueryRow(ctx, fmt.Sprintf(`UPDATE %[1]s SET status = 'taken' WHERE id = (
		SELECT id FROM %[1]s WHERE status = 'pending' ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`, a.messagesTable(topic))).Scan(&id)
	return id, err
}

// TakeArchived polls an archive table, which InitTopic creates with the
// index its poll needs: that index is not the messages table's.
func (a *Adapter) TakeArchived(ctx context.Context, topic string) (id int64, err error) {
	err = a.pool.QueryRow(ctx, `UPDATE `+a.archiveTable(topic)+` SET status = 'taken' WHERE id = (
		SELECT id FROM `+a.archiveTable(topic)+` WHERE status = 'pending' ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

// TakeHolding polls the messages table of the holding topic, a field the
// constructor's caller gives: another table than the dead-letter one, the
// only one whose DDL names it from a field (with an index the topics'
// polls would use, and none this poll by priority would), and no DDL
// creates it.
func (a *Adapter) TakeHolding(ctx context.Context) (id int64, err error) {
	err = a.pool.QueryRow(ctx, fmt.Sprintf(`UPDATE %[1]s SET status = 'taken' WHERE id = (
		SELECT id FROM %[1]s WHERE status = 'pending' ORDER BY priority LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`, a.messagesTable(a.holding))).Scan(&id)
	return id, err
}
