package pollindex

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
	"github.com/jobqlint/jobqlint/sqlcheck"
)

// An IS NULL filter on a column no statement of the queue writes is inert
// only when the model knows the queue's state column and the filter is not
// on it: a write the model could not read may be what sets that column.
func TestInertFilters(t *testing.T) {
	raws, errs := sqlcheck.Parse(`SELECT id FROM jobs WHERE status = 'queued' AND deleted_at IS NULL AND sent_at IS NULL ORDER BY id LIMIT 1`)
	require.Empty(t, errs)
	poll := sqlcheck.Facts(raws[0])
	inert := func(qt *queuemodel.QueueTable) []string {
		var cols []string
		for _, p := range withInertFilters(qt, poll).Where {
			if p.Inert {
				cols = append(cols, p.Column)
			}
		}
		return cols
	}
	require.Equal(t, []string{"deleted_at", "sent_at"}, inert(&queuemodel.QueueTable{StateColumn: "status"}))
	require.Equal(t, []string{"deleted_at"}, inert(&queuemodel.QueueTable{StateColumn: "sent_at"}), "the state column's own filter")
	require.Empty(t, inert(&queuemodel.QueueTable{}), "a queue whose state column is not known")
	require.False(t, poll.Where[1].Inert, "the poll itself is left as it is")
}
