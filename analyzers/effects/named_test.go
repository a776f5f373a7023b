package effects

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// The names goyesql's ScanToStruct reads from a field's query tag.
func TestQueryTag(t *testing.T) {
	for tag, want := range map[string]string{
		`query:"next-job"`:            "next-job",
		`query:"next-job,omitempty"`:  "next-job",
		`db:"x" query:"get-campaign"`: "get-campaign",
		`query:"-"`:                   "",
		`query:""`:                    "",
		`query:",x"`:                  "",
		`query:"-,x"`:                 "",
		`json:"next-job"`:             "",
	} {
		name, ok := queryTag(tag)
		require.Equal(t, want, name, tag)
		require.Equal(t, want != "", ok, tag)
	}
}
