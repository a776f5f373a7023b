// Package ok_testfixture parses events that older producers stored as a
// JSON string holding the object. Its tests build such legacy payloads on
// purpose: a test is no producer.
package ok_testfixture

import (
	"encoding/json"
	"strings"
)

type Event struct {
	Kind string `json:"kind"`
}

func Parse(b []byte) (Event, error) {
	var e Event
	if s := strings.TrimSpace(string(b)); strings.HasPrefix(s, `"`) {
		var inner string
		if err := json.Unmarshal(b, &inner); err != nil {
			return e, err
		}
		b = []byte(inner)
	}
	err := json.Unmarshal(b, &e)
	return e, err
}
