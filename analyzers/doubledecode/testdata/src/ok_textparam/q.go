// Text that is not JSON, an error message or a worker's name, belongs in a
// JSON string: jsonb_build_object(..., $n::text) and to_jsonb($n::text)
// build exactly that.
package ok_textparam

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/jackc/pgx/v5"
)

func Fail(ctx context.Context, tx pgx.Tx, id int64, cause error) error {
	_, err := tx.Exec(ctx, `UPDATE jobs SET payload = payload || jsonb_build_object('error', $2::text) WHERE id = $1`, id, cause.Error())
	return err
}

func Tag(db *sql.DB, id int64, worker string) error {
	label := fmt.Sprintf("taken by %s", worker)
	_, err := db.Exec(`UPDATE jobs SET payload = to_jsonb($2::text) WHERE id = $1`, id, label)
	return err
}

// A parameter of unknown content: the tool does not guess that it is JSON.
func Note(db *sql.DB, id int64, note string) error {
	_, err := db.Exec(`UPDATE jobs SET payload = jsonb_build_object('note', $2::text) WHERE id = $1`, id, note)
	return err
}
