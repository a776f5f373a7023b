package ok_testfixture

import (
	"encoding/json"
	"testing"
)

func TestParseQuotedLegacy(t *testing.T) {
	b, err := json.Marshal(Event{Kind: "created"})
	if err != nil {
		t.Fatal(err)
	}
	legacy, err := json.Marshal(string(b))
	if err != nil {
		t.Fatal(err)
	}
	e, err := Parse(legacy)
	if err != nil || e.Kind != "created" {
		t.Fatalf("Parse(%s) = %v, %v", legacy, e, err)
	}
}
