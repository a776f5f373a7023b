package callernamed

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

// A store whose SQL names no state and filters on none: its callers, in
// another package, choose every state it writes by key (the jobs are fed
// to the workers from elsewhere). A column is still known to hold states
// by its name (status), by the schema's CHECK of its values (stage), or by
// the Go type the value comes in (Phase, a string type with named
// values); a text its callers also pass as constants (note, label) is
// none.

type Phase string

const (
	PhaseBuild Phase = "build"
	PhaseTest  Phase = "test"
)

func UpdateStatus(ctx context.Context, pool *pgxpool.Pool, id int64, status string) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = $1, updated_at = now() WHERE id = $2`, status, id)
	return err
}

func SetStage(ctx context.Context, pool *pgxpool.Pool, id int64, stage string) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET stage = $1 WHERE id = $2`, stage, id)
	return err
}

func SetPhase(ctx context.Context, pool *pgxpool.Pool, id int64, phase Phase) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET phase = $1 WHERE id = $2`, phase, id)
	return err
}

// Label has one named value: no set of states.
type Label string

const DefaultLabel Label = "none"

func SetLabel(ctx context.Context, pool *pgxpool.Pool, id int64, label Label) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET label = $1 WHERE id = $2`, label, id)
	return err
}

func SetNote(ctx context.Context, pool *pgxpool.Pool, id int64, note string) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET note = $1 WHERE id = $2`, note, id)
	return err
}

// The package's SQL names a state of runs (outcome = 'ok'): that column
// is the state, and a status its callers pass is not one by its name.
func FinishRun(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE runs SET outcome = 'ok' WHERE id = $1`, id)
	return err
}

func SetRunStatus(ctx context.Context, pool *pgxpool.Pool, id int64, status string) error {
	_, err := pool.Exec(ctx, `UPDATE runs SET status = $1 WHERE id = $2`, status, id)
	return err
}
