package main

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"
)

// A finding's message is one clause; its detail (why, and the fix) is
// printed under it by -v, kept apart in JSON, and joined to it where a
// reviewer reads the finding whole (SARIF, annotations, rdjsonl).
func TestDetail(t *testing.T) {
	fs := []finding{
		{Rule: "claimrace", File: "q.go", Line: 3, Column: 2, Message: "two workers can claim the same job", Detail: "both run this SELECT; claim in one statement"},
		{Rule: "directive", File: "q.go", Line: 9, Column: 1, Message: "no reason"},
	}
	render := func() string {
		var b bytes.Buffer
		require.NoError(t, writeText(&b, fs))
		return b.String()
	}
	verbose = false
	require.Equal(t, "q.go:3:2: claimrace: two workers can claim the same job\nq.go:9:1: directive: no reason\n", render())
	verbose = true
	defer func() { verbose = false }()
	require.Equal(t, "q.go:3:2: claimrace: two workers can claim the same job\n\tboth run this SELECT; claim in one statement\nq.go:9:1: directive: no reason\n", render())

	require.Equal(t, "two workers can claim the same job: both run this SELECT; claim in one statement", fs[0].fullMessage())
	require.Equal(t, "no reason", fs[1].fullMessage())

	var b bytes.Buffer
	require.NoError(t, writeJSON(&b, fs))
	var got []map[string]any
	require.NoError(t, json.Unmarshal(b.Bytes(), &got))
	require.Equal(t, "two workers can claim the same job", got[0]["message"])
	require.Equal(t, "both run this SELECT; claim in one statement", got[0]["detail"])
	require.NotContains(t, got[1], "detail")
}
