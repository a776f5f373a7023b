// pgx.CollectRows(rows, pgx.RowToMap) gives maps of decoded values.
package rowtomap

import (
	"context"
	"encoding/json"

	"github.com/jackc/pgx/v5"
)

func Run(ctx context.Context, conn *pgx.Conn) error {
	rows, err := conn.Query(ctx, `SELECT * FROM jobs`)
	if err != nil {
		return err
	}
	jobs, err := pgx.CollectRows(rows, pgx.RowToMap)
	if err != nil {
		return err
	}
	for i := range jobs {
		var p map[string]any
		if err := json.Unmarshal([]byte(jobs[i]["payload"].(string)), &p); err != nil { // want `payload \(jsonb\) arrives already decoded`
			return err
		}
	}
	return nil
}
