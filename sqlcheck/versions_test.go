package sqlcheck

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Two migrations are made together when the times their versions say are
// at most a minute apart, the earlier one first.
func TestWrittenTogether(t *testing.T) {
	for _, c := range []struct {
		earlier, path string
		want          bool
	}{
		{"db/20260331225460_create_jobs.sql", "db/20260331225461_create_documents.sql", true},
		{"db/20260331225400_create_jobs.sql", "db/20260331225500_create_documents.sql", true},
		{"db/20260331225459_create_jobs.sql", "db/20260331225461_create_documents.sql", true},  // numbered on past a generated version
		{"db/20261331225400_create_jobs.sql", "db/20261331225401_create_documents.sql", false}, // month 13: no time
		{"db/20260331225400_create_jobs.sql", "db/20260331225501_create_documents.sql", false},
		{"db/20260331225461_create_documents.sql", "db/20260331225460_create_jobs.sql", false},
		{"m/1775000000_jobs.up.sql", "m/1775000030_documents.up.sql", true},
		{"m/1775000000_jobs.up.sql", "m/1775000900_documents.up.sql", false},
		{"m/00001_jobs.sql", "m/00002_documents.sql", false},          // sequence numbers say nothing of time
		{"m/20260331225460.sql", "m/20260331225461x_docs.sql", false}, // not a version
	} {
		require.Equal(t, c.want, writtenTogether(c.earlier, c.path), "%s then %s", c.earlier, c.path)
	}
}
