// Package doubledecode defines an Analyzer that reports JSON payloads
// decoded (or encoded) twice.
//
// # Analyzer doubledecode
//
// doubledecode: report JSON payloads decoded or encoded twice
//
// With pgx's own API, a json or jsonb column scanned into an `any` arrives
// already decoded: a map[string]any for an object, []any, string, float64
// or bool. Code written for raw JSON, json.Unmarshal(v.([]byte), &p), then
// panics on every job, and the job is retried for ever. database/sql drivers
// hand back raw bytes instead; there, one decode is right.
//
// The rule reports:
//
//   - a json.Unmarshal (or json.NewDecoder over a reader) of a type
//     assertion to []byte or string of a value that a pgx Scan filled from
//     a json or jsonb column (column types come from the schema);
//   - decoding into a string and decoding that string again;
//   - the write-side twin: json.Marshal of a string holding JSON text
//     (json.Marshal(string(b)) with b a []byte or json.RawMessage), and SQL
//     that turns a text parameter into JSON (to_jsonb($1::text),
//     jsonb_build_object(..., $1::text)), which store a JSON string instead
//     of the object.
//
// It accepts a scan into []byte, string or json.RawMessage followed by one
// decode, a scan straight into a map or struct, and database/sql scans.
// TestEvidenceOnPostgreSQL checks pgx's behaviour on PostgreSQL 15.
package doubledecode
