// Done jobs are deleted: the poll takes any row it can lock, with no filter
// and no order, so there are no finished rows for an index to skip.
package accept_anyrow

import (
	"context"
	"database/sql"
	"fmt"
)

func Take(ctx context.Context, tx *sql.Tx, n int) ([]int64, error) {
	rows, err := tx.QueryContext(ctx, fmt.Sprintf(`DELETE FROM events USING (
		SELECT * FROM events LIMIT %d FOR UPDATE SKIP LOCKED) q
		WHERE q.key = events.key RETURNING events.key`, n))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var keys []int64
	for rows.Next() {
		var k int64
		if err := rows.Scan(&k); err != nil {
			return nil, err
		}
		keys = append(keys, k)
	}
	return keys, rows.Err()
}
