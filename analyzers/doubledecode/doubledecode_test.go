package doubledecode_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/doubledecode"
	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
)

// Payloads decoded or encoded twice.
func TestRejected(t *testing.T) {
	ruletest.Run(t, doubledecode.Analyzer,
		"seed", "assertstring", "decoder", "returning", "star", "values", "rowtomap", "collectone", "collectstruct",
		"twice", "marshalbytes", "marshalraw", "tojsonb", "buildobject", "marshalagain",
		"seedjson", "jsonbarray", "fallback_onsuccess")
}

// Payloads decoded once.
func TestAccepted(t *testing.T) {
	ruletest.Run(t, doubledecode.Analyzer,
		"ok_bytes", "ok_raw", "ok_map", "ok_struct", "ok_sql", "ok_string", "ok_text", "ok_noschema", "ok_jsonbparam", "ok_marshal", "ok_valuestext", "ok_collectstruct", "ok_textparam", "ok_marshalonce",
		"ok_kindmarshal", "ok_typeswitch", "ok_testfixture", "ok_fallback")
}
