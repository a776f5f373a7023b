// A report of the enrolments not welcomed yet, joined with their course:
// read, returned, never marked. No queue, and the SELECT stays the join it
// is.
package joinedflag_listing

import (
	"context"
	"database/sql"
)

type Row struct {
	Course, Student int64
	Email, Title    string
}

func Unwelcomed(ctx context.Context, db *sql.DB) ([]Row, error) {
	rows, err := db.QueryContext(ctx, `SELECT e.course_id, e.student_id, e.email, c.title FROM enrolments e JOIN courses c ON c.id = e.course_id WHERE NOT e.welcomed LIMIT 100`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Row
	for rows.Next() {
		var r Row
		if err := rows.Scan(&r.Course, &r.Student, &r.Email, &r.Title); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

func Welcomed(ctx context.Context, db *sql.DB, course, student int64) error {
	_, err := db.ExecContext(ctx, `UPDATE enrolments SET welcomed = true WHERE course_id = $1 AND student_id = $2`, course, student)
	return err
}
