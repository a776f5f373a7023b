package sqlcheck

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestStatementLines(t *testing.T) {
	sql := "-- head\nCREATE TABLE jobs (\n  id int\n);\n\n-- between\nCREATE INDEX i ON jobs (id); -- trailing\n-- tail\n"
	require.Equal(t, [][2]int{{2, 4}, {7, 7}}, StatementLines(sql))
}
