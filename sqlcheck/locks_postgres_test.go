package sqlcheck

import (
	"context"
	"regexp"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/jobqlint/jobqlint/internal/pgtest"
)

// locksSchema is the table the statements of TestLocksMatchPostgreSQL
// lock, with the trigger, index, constraint and partitions they name.
const locksSchema = `CREATE TABLE other (id int PRIMARY KEY);
CREATE TABLE jobs (id int PRIMARY KEY, kind text, n int, other_id int);
CREATE INDEX jobs_kind ON jobs (kind);
CREATE UNIQUE INDEX jobs_kind_u ON jobs (kind);
ALTER TABLE jobs ADD CONSTRAINT jobs_other_fk FOREIGN KEY (other_id) REFERENCES other (id);
ALTER TABLE jobs ADD CONSTRAINT jobs_n_check CHECK (n > 0) NOT VALID;
CREATE FUNCTION touch() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$;
CREATE TRIGGER jobs_touch BEFORE UPDATE ON jobs FOR EACH ROW EXECUTE FUNCTION touch();
CREATE POLICY jobs_all ON jobs USING (true);
CREATE RULE jobs_r AS ON DELETE TO jobs DO ALSO NOTIFY jobs;
CREATE TABLE parts (id int) PARTITION BY RANGE (id);
CREATE TABLE parts_1 PARTITION OF parts FOR VALUES FROM (0) TO (10);
CREATE TABLE parts_2 (id int);
`

// TestLocksMatchPostgreSQL runs each statement in a transaction on
// PostgreSQL 15 and compares the strongest lock the transaction then holds
// on the table with the lock the replay records for it: a lock that stops
// writers (SHARE or stronger) is recorded as that lock, a weaker one
// (SHARE UPDATE EXCLUSIVE, which lets the queue run) as none.
func TestLocksMatchPostgreSQL(t *testing.T) {
	ctx := context.Background()
	conn := pgtest.Connect(t)
	pgtest.Exec(t, conn, locksSchema)
	for _, c := range []struct{ table, stmt string }{
		{"jobs", `ALTER TABLE jobs ADD COLUMN priority int NOT NULL DEFAULT 0`},
		{"jobs", `ALTER TABLE jobs ALTER COLUMN kind SET NOT NULL`},
		{"jobs", `ALTER TABLE jobs ALTER COLUMN kind SET DEFAULT 'x'`},
		{"jobs", `ALTER TABLE jobs ALTER COLUMN n TYPE bigint`},
		{"jobs", `ALTER TABLE jobs DROP COLUMN kind`},
		{"jobs", `ALTER TABLE jobs ADD CONSTRAINT jobs_n_max CHECK (n < 100) NOT VALID`},
		{"jobs", `ALTER TABLE jobs ADD CONSTRAINT jobs_other_fk2 FOREIGN KEY (other_id) REFERENCES other (id) NOT VALID`},
		{"jobs", `ALTER TABLE jobs DROP CONSTRAINT jobs_n_check`},
		{"jobs", `ALTER TABLE jobs VALIDATE CONSTRAINT jobs_n_check`},
		{"jobs", `ALTER TABLE jobs ALTER COLUMN n SET STATISTICS 500`},
		{"jobs", `ALTER TABLE jobs ALTER COLUMN n SET (n_distinct = 100)`},
		{"jobs", `ALTER TABLE jobs SET (fillfactor = 70)`},
		{"jobs", `ALTER TABLE jobs SET (autovacuum_vacuum_scale_factor = 0.01)`},
		{"jobs", `ALTER TABLE jobs RESET (fillfactor)`},
		{"jobs", `ALTER TABLE jobs CLUSTER ON jobs_kind`},
		{"jobs", `ALTER TABLE jobs SET WITHOUT CLUSTER`},
		{"jobs", `ALTER TABLE jobs DISABLE TRIGGER jobs_touch`},
		{"jobs", `ALTER TABLE jobs ENABLE TRIGGER ALL`},
		{"jobs", `ALTER TABLE jobs RENAME COLUMN kind TO category`},
		{"jobs", `ALTER TABLE jobs RENAME TO tasks`},
		{"jobs", `CREATE INDEX jobs_n ON jobs (n)`},
		{"jobs", `CREATE UNIQUE INDEX jobs_n ON jobs (n) WHERE n > 0`},
		{"jobs", `DROP INDEX jobs_kind`},
		{"jobs", `CREATE TRIGGER jobs_touch2 BEFORE INSERT ON jobs FOR EACH ROW EXECUTE FUNCTION touch()`},
		{"jobs", `DROP TRIGGER jobs_touch ON jobs`},
		{"jobs", `DROP TRIGGER IF EXISTS jobs_touch ON jobs`},
		// A trigger that is not there: the lookup's ACCESS SHARE lock is
		// released at once, and nothing stops the writers.
		{"jobs", `DROP TRIGGER IF EXISTS no_such_trigger ON jobs`},
		{"jobs", `ALTER TABLE jobs RENAME CONSTRAINT jobs_n_check TO jobs_n_positive`},
		{"jobs", `ALTER TRIGGER jobs_touch ON jobs RENAME TO jobs_touch2`},
		{"jobs", `ALTER TABLE jobs REPLICA IDENTITY FULL`},
		{"jobs", `ALTER TABLE jobs SET UNLOGGED`},
		{"jobs", `ALTER TABLE jobs OWNER TO CURRENT_USER`},
		{"jobs", `ALTER TABLE jobs ENABLE ROW LEVEL SECURITY`},
		{"jobs", `CREATE POLICY p ON jobs USING (true)`},
		{"jobs", `CREATE RULE r AS ON INSERT TO jobs DO ALSO NOTIFY jobs`},
		{"jobs", `TRUNCATE jobs`},
		{"jobs", `CLUSTER jobs USING jobs_kind`},
		{"jobs", `REINDEX TABLE jobs`},
		{"jobs", `COMMENT ON TABLE jobs IS 'x'`},
		{"jobs", `CREATE STATISTICS s ON kind, n FROM jobs`},
		{"jobs", `ALTER INDEX jobs_kind RENAME TO jobs_kind2`},
		{"jobs", `ALTER INDEX jobs_kind SET (fillfactor = 70)`},
		{"jobs", `ALTER TABLE jobs ALTER COLUMN kind SET STORAGE EXTERNAL`},
		{"jobs", `ALTER TABLE jobs ALTER CONSTRAINT jobs_other_fk DEFERRABLE`},
		{"jobs", `ALTER TABLE jobs ADD COLUMN m int REFERENCES other (id)`},
		{"jobs", `ALTER TABLE jobs SET (user_catalog_table = true)`},
		{"jobs", `ALTER TABLE jobs SET (toast_tuple_target = 256)`},
		{"jobs", `ALTER TABLE jobs SET (parallel_workers = 2)`},
		{"jobs", `ALTER TABLE jobs SET (autovacuum_enabled = false)`},
		{"jobs", `GRANT SELECT ON jobs TO PUBLIC`},
		{"jobs", `ANALYZE jobs`},
		{"jobs", `ALTER TABLE jobs ADD CONSTRAINT jobs_kind_key UNIQUE USING INDEX jobs_kind_u`},
		{"jobs", `ALTER TABLE jobs DROP CONSTRAINT jobs_pkey`},
		{"jobs", `REINDEX INDEX jobs_kind`},
		{"jobs", `DROP POLICY jobs_all ON jobs`},
		{"jobs", `DROP RULE jobs_r ON jobs`},
		{"jobs", `ALTER POLICY jobs_all ON jobs RENAME TO jobs_every`},
		{"jobs", `ALTER POLICY jobs_all ON jobs USING (false)`},
		{"jobs", `ALTER TABLE jobs DISABLE RULE jobs_r`},
		{"jobs", `ALTER TABLE jobs FORCE ROW LEVEL SECURITY`},
		{"jobs", `ALTER TABLE jobs INHERIT other`},
		{"jobs", `DROP POLICY IF EXISTS no_such_policy ON jobs`},
		{"jobs", `DROP RULE IF EXISTS no_such_rule ON jobs`},
		{"jobs", `REINDEX (CONCURRENTLY false) TABLE jobs`},
		{"jobs", `TRUNCATE other, jobs`},
		{"jobs", `LOCK TABLE other, jobs IN SHARE MODE`},
		{"jobs", `CREATE TABLE job_logs (id int, job_id int REFERENCES jobs (id))`},
		{"jobs", `CREATE TABLE job_runs (id int, job_id int, FOREIGN KEY (job_id) REFERENCES jobs (id))`},
		{"jobs", `ALTER TABLE other ADD CONSTRAINT other_job_fk FOREIGN KEY (id) REFERENCES jobs (id) NOT VALID`},
		{"jobs", `ALTER TABLE other ADD COLUMN job_id int REFERENCES jobs (id)`},
		{"jobs", `ALTER TABLE jobs ADD CONSTRAINT jobs_parent_fk FOREIGN KEY (n) REFERENCES jobs (id)`},
		{"jobs", `CREATE TABLE job_notes (id int, kind text)`},
		{"parts", `ALTER TABLE parts ATTACH PARTITION parts_2 FOR VALUES FROM (10) TO (20)`},
		{"parts", `ALTER TABLE parts DETACH PARTITION parts_1`},
	} {
		t.Run(c.stmt, func(t *testing.T) {
			s := Replay([]*Source{SQLFile("1.sql", []byte(locksSchema)), SQLFile("2.sql", []byte(c.stmt+";\n"))})
			require.Empty(t, s.Problems)
			// The lock is on the relation, named as the replay ends: a
			// renamed table's under its new name.
			name := "public." + c.table
			if s.Table(name) == nil {
				if rn := regexp.MustCompile(`RENAME TO (\w+)$`).FindStringSubmatch(c.stmt); rn != nil {
					name = "public." + rn[1]
				}
			}
			recorded := ""
			for _, l := range s.Locks {
				if l.Loc.File == "2.sql" && l.Table == name {
					recorded = l.Lock
				}
			}

			var oid uint32
			require.NoError(t, conn.QueryRow(ctx, `SELECT $1::regclass::oid`, c.table).Scan(&oid))
			tx, err := conn.Begin(ctx)
			require.NoError(t, err)
			defer tx.Rollback(ctx)
			_, err = tx.Exec(ctx, c.stmt)
			require.NoError(t, err)
			rows, err := tx.Query(ctx, `SELECT mode FROM pg_locks WHERE locktype = 'relation' AND pid = pg_backend_pid() AND relation = $1 AND granted`, oid)
			require.NoError(t, err)
			held := ""
			for rows.Next() {
				var mode string
				require.NoError(t, rows.Scan(&mode))
				if m := pgLockModes[mode]; lockRank[m] > lockRank[held] {
					held = m
				}
			}
			require.NoError(t, rows.Err())
			require.Equal(t, held, recorded, "the strongest lock PostgreSQL 15 holds on %s that stops writers", c.table)
		})
	}
}

// pgLockModes names pg_locks' modes that conflict with ROW EXCLUSIVE as
// LockingDDL.Lock does; the weaker ones are "".
var pgLockModes = map[string]string{
	"ShareLock":             "SHARE",
	"ShareRowExclusiveLock": "SHARE ROW EXCLUSIVE",
	"ExclusiveLock":         "EXCLUSIVE",
	"AccessExclusiveLock":   "ACCESS EXCLUSIVE",
}
