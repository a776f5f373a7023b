// A join that filters on a flag of each table, both written: which table's rows the read takes is not told.
package joinedflag_two

import (
	"context"
	"database/sql"
)

type Mailer interface {
	Send(ctx context.Context, to, subject string) error
}

type row struct {
	course, student int64
	email, title    string
}

func Welcome(ctx context.Context, db *sql.DB, m Mailer) error { // want Welcome:"calls joinedflag_two.Mailer.Send in a loop"
	rows, err := db.QueryContext(ctx, `SELECT e.course_id, e.student_id, e.email, c.title FROM enrolments e JOIN courses c ON c.id = e.course_id WHERE NOT e.welcomed AND NOT c.announced LIMIT 100`)
	if err != nil {
		return err
	}
	var batch []row
	for rows.Next() {
		var r row
		if err := rows.Scan(&r.course, &r.student, &r.email, &r.title); err != nil {
			rows.Close()
			return err
		}
		batch = append(batch, r)
	}
	rows.Close()
	for _, r := range batch {
		if err := m.Send(ctx, r.email, r.title); err != nil {
			continue
		}
		if _, err := db.ExecContext(ctx, `UPDATE enrolments SET welcomed = true WHERE course_id = $1 AND student_id = $2`, r.course, r.student); err != nil {
			return err
		}
		if _, err := db.ExecContext(ctx, `UPDATE courses SET announced = true WHERE id = $1`, r.course); err != nil {
			return err
		}
	}
	return nil
}
