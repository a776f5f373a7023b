package sqlcheck

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestBindGivesCaseArmsTheirConstants(t *testing.T) {
	st := stmt(t, `UPDATE queue SET status = CASE WHEN attempts_left > 0 THEN $3::smallint ELSE $4::smallint END WHERE id = $1`)
	v, _ := st.Assigns("status")
	require.Nil(t, v.Cases, "parameters are not constants")

	bound, _ := st.Bind(map[int]string{3: "1", 4: "99"}).Assigns("status")
	require.Equal(t, []string{"1", "99"}, bound.Cases)
	require.Equal(t, 3, bound.Arms[0].Result.Param, "the parameter is kept")
	v, _ = st.Assigns("status")
	require.Nil(t, v.Cases, "the statement bound is a copy")

	noElse := stmt(t, `UPDATE queue SET status = CASE WHEN attempts_left > 0 THEN $3 END WHERE id = $1`)
	bound, _ = noElse.Bind(map[int]string{3: "1"}).Assigns("status")
	require.Nil(t, bound.Cases, "the missing ELSE gives NULL")
}

func TestBindNowReadsADeadlineInTheWhereOnly(t *testing.T) {
	st := stmt(t, `UPDATE queue SET status = $1, updated = $2 WHERE status = $3 AND updated <= $2`)
	bound := st.BindNow(map[int]bool{2: true})
	require.Equal(t, ValueNow, bound.Where[1].Values[0].Kind)
	require.Equal(t, 2, bound.Where[1].Values[0].Param)
	set, _ := bound.Assigns("updated")
	require.Equal(t, ValueParam, set.Kind, "what the statement writes stays a parameter")
	require.Equal(t, ValueParam, st.Where[1].Values[0].Kind, "the statement bound is a copy")
}

func TestEnumerateReadsARangeAsTheStatesItAdmits(t *testing.T) {
	universe := []string{"0", "1", "2", "95", "100"}
	cases := []struct {
		where string
		want  States
		ok    bool
	}{
		{`status < 2`, States{In: []string{"0", "1"}}, true},
		{`status <= 2 AND kind = $1`, States{In: []string{"0", "1", "2"}}, true},
		{`status > 50`, States{In: []string{"95", "100"}}, true},
		{`2 > status`, States{In: []string{"0", "1"}}, true},
		{`status = 2 OR (status >= 95 AND updated < now())`, States{In: []string{"2"}, Cond: []string{"95", "100"}}, true},
		{`status < -1`, States{}, false}, // no known state: left as written
		{`status < $1`, States{}, false},
		{`attempts < 2`, States{}, false},
	}
	for _, c := range cases {
		t.Run(c.where, func(t *testing.T) {
			st := stmt(t, "SELECT 1 FROM queue WHERE "+c.where).Enumerate("public.queue", "status", universe)
			got, ok := FilterStates(st.Where, "status")
			require.Equal(t, c.ok, ok)
			require.Equal(t, c.want, got)
		})
	}
	other := stmt(t, `SELECT 1 FROM queue WHERE status < 2`).Enumerate("public.jobs", "status", universe)
	_, ok := FilterStates(other.Where, "status")
	require.False(t, ok, "another table's column")
	sub := stmt(t, `UPDATE queue SET status = 2 WHERE id IN (SELECT id FROM queue WHERE status < 2 LIMIT 1 FOR UPDATE SKIP LOCKED)`).Enumerate("public.queue", "status", universe)
	got, ok := FilterStates(sub.Subqueries[0].Where, "status")
	require.True(t, ok, "a subquery's range too")
	require.Equal(t, []string{"0", "1"}, got.In)
}
