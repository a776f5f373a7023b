package flows

import "context"

type Rows interface {
	Next() bool
	Scan(dest ...any) error
	Close()
}

type Row interface{ Scan(dest ...any) error }

type DB interface {
	Query(ctx context.Context, sql string, args ...any) (Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) Row
	Exec(ctx context.Context, sql string, args ...any) error
}

type job struct {
	ID   int64
	Kind string
}

// The keys of the rows, collected, then each reset.
func collected(ctx context.Context, db DB) {
	rows, _ := db.Query(ctx, "stuck")
	var ids []int64
	for rows.Next() {
		var id int64
		rows.Scan(&id)
		ids = append(ids, id)
	}
	for _, id := range ids {
		db.Exec(ctx, "reset", id) // want "^from rows$"
	}
}

// A helper returns the keys; the caller resets them.
func stuck(ctx context.Context, db DB) ([]int64, error) {
	rows, err := db.Query(ctx, "stuck")
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, nil
}

func viaHelper(ctx context.Context, db DB) {
	ids, _ := stuck(ctx, db)
	for _, id := range ids {
		db.Exec(ctx, "reset", id) // want "^from rows$"
	}
}

// The key is handed to a helper that resets it.
func resetOne(ctx context.Context, db DB, id int64) {
	db.Exec(ctx, "reset", id) // want "^from rows$"
}

func handsOn(ctx context.Context, db DB) {
	var j job
	db.QueryRow(ctx, "stuck one").Scan(&j.ID, &j.Kind)
	resetOne(ctx, db, j.ID)
}

// A count of the rows is not one of them, nor is a number computed from
// one, nor a key the caller gives.
func counted(ctx context.Context, db DB, given int64) {
	rows, _ := db.Query(ctx, "stuck")
	n := int64(0)
	var tries int64
	for rows.Next() {
		rows.Scan(&tries)
		n++
	}
	db.Exec(ctx, "reset", n)       // want "^not from rows$"
	db.Exec(ctx, "reset", tries+1) // want "^not from rows$"
	db.Exec(ctx, "reset", given)   // want "^not from rows$"
}

// Only the error of the query is returned beside the key the caller gave.
func check(ctx context.Context, db DB, id int64) (int64, error) {
	_, err := db.Query(ctx, "stuck")
	return id, err
}

func errorOnly(ctx context.Context, db DB, given int64) {
	id, _ := check(ctx, db, given)
	db.Exec(ctx, "reset", id) // want "^not from rows$"
}

// A struct of the rows' values sent on a channel, received by a closure.
func sent(ctx context.Context, db DB) {
	ch := make(chan job)
	go func() {
		for j := range ch {
			db.Exec(ctx, "reset", j.ID) // want "^from rows$"
		}
	}()
	rows, _ := db.Query(ctx, "stuck")
	for rows.Next() {
		var j job
		rows.Scan(&j.ID, &j.Kind)
		ch <- j
	}
}

// A function returns a key the caller gave beside one it read: only the
// second flows from the rows.
func pair(ctx context.Context, db DB, given int64) (int64, int64) {
	var read int64
	db.QueryRow(ctx, "stuck").Scan(&read)
	return given, read
}

func firstOfPair(ctx context.Context, db DB, given int64) {
	a, b := pair(ctx, db, given)
	db.Exec(ctx, "reset", a) // want "^not from rows$"
	db.Exec(ctx, "reset", b) // want "^from rows$"
}

// The query's error kept beside a key the caller gave carries no row.
type outcome struct {
	ID  int64
	Err error
}

func withError(ctx context.Context, db DB, given int64) {
	_, err := db.Query(ctx, "stuck")
	o := outcome{ID: given, Err: err}
	db.Exec(ctx, "reset", o.ID) // want "^not from rows$"
}
