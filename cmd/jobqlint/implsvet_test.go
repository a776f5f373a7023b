package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Which implementations of a store interface count is told by the names
// and bodies of the packages that declare them, through facts that travel
// from a dependency to its importers: go vet, which caches a package's
// result under its dependencies' facts, runs the dispatcher again when a
// dependency's implementation is renamed, never replaying a stale result.
// The dispatcher's retry is judged only while the other implementation is
// a test double (FakeStore); named Store, it is a second PostgreSQL store
// that disagrees, and the call is not judged.
func TestVetJudgesImplementationsAfterRename(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.CopyFS(dir, os.DirFS(filepath.Join("..", "..", "testdata", "seedpr"))))
	writeFiles(t, dir, map[string]string{
		"migrations/002_deliveries.sql": `CREATE TABLE deliveries (id bigserial PRIMARY KEY, body jsonb NOT NULL,
	status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'retry', 'delivered')),
	attempts int NOT NULL DEFAULT 0, next_attempt_at timestamptz NOT NULL DEFAULT now());
`,
		"hooks/pg/pg.go": `package pg

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Store struct{ Pool *pgxpool.Pool }

func (s *Store) Claim(ctx context.Context) (int64, error) {
	var id int64
	err := s.Pool.QueryRow(ctx, "UPDATE deliveries SET status = 'sending', attempts = attempts + 1 WHERE id = (SELECT id FROM deliveries WHERE status IN ('pending', 'retry') AND next_attempt_at <= now() ORDER BY next_attempt_at LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id").Scan(&id)
	return id, err
}

func (s *Store) Retry(ctx context.Context, id int64, next time.Time) error {
	_, err := s.Pool.Exec(ctx, "UPDATE deliveries SET status = 'retry', next_attempt_at = $2 WHERE id = $1", id, next)
	return err
}
`,
		"hooks/alt/alt.go": altStore("Store"),
		"hooks/hooks.go": `package hooks

import (
	"context"
	"log"
	"time"

	"example.com/seedpr/hooks/alt"
	"example.com/seedpr/hooks/pg"
)

type store interface {
	Claim(ctx context.Context) (int64, error)
	Retry(ctx context.Context, id int64, next time.Time) error
}

var (
	_ store = (*pg.Store)(nil)
	_ store = alt.New()
)

func Run(ctx context.Context, s store, post func(int64) error) {
	for ctx.Err() == nil {
		id, err := s.Claim(ctx)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		if err := post(id); err != nil {
			log.Print(err)
			if err := s.Retry(ctx, id, time.Now().Add(time.Minute)); err != nil {
				log.Print(err)
			}
		}
	}
}
`,
	})
	retry := regexp.MustCompile(`hooks/hooks.go:\d+:\d+: .*puts the job back with no limit`)
	vet := func() string {
		return string(runTool(t, dir, nil, "go", "vet", "-vettool="+jobqlintBin, "./hooks/..."))
	}
	require.NotRegexp(t, retry, vet(), "two PostgreSQL stores that disagree: not judged")
	writeFiles(t, dir, map[string]string{"hooks/alt/alt.go": altStore("FakeStore")})
	require.Regexp(t, retry, vet(), "beside a test double: judged as the PostgreSQL store's")
	writeFiles(t, dir, map[string]string{"hooks/alt/alt.go": altStore("Store")})
	require.NotRegexp(t, retry, vet(), "renamed back: not judged")
}

// altStore is a store, named name, whose retry gives the delivery up.
func altStore(name string) string {
	return strings.ReplaceAll(`package alt

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

type NAME struct{ Pool *pgxpool.Pool }

func New() *NAME { return &NAME{} }

func (s *NAME) Claim(ctx context.Context) (int64, error) {
	var id int64
	err := s.Pool.QueryRow(ctx, "UPDATE deliveries SET status = 'sending', attempts = attempts + 1 WHERE id = (SELECT id FROM deliveries WHERE status IN ('pending', 'retry') AND next_attempt_at <= now() ORDER BY next_attempt_at LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id").Scan(&id)
	return id, err
}

func (s *NAME) Retry(ctx context.Context, id int64, next time.Time) error {
	_, err := s.Pool.Exec(ctx, "UPDATE deliveries SET status = 'delivered' WHERE id = $1", id)
	return err
}
`, "NAME", name)
}
