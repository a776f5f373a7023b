package shapes

import "strings"

// A relay builds its queries once from the table name its constructor is
// given, by strings.ReplaceAll and strings.Replace over templates (in
// constants, a package variable, a struct literal), keeping only the
// queries: no field holds the name itself.
type relay struct {
	claim, reap, firstTwo, spaced, fromVar, fromMap string
	q                                               relayQueries
}

type relayQueries struct{ stats, purge string }

const relayClaimTmpl = `WITH t AS (SELECT id FROM {{TABLE}} WHERE state = 'ready' LIMIT 10 FOR UPDATE SKIP LOCKED) UPDATE {{TABLE}} SET state = 'running' FROM t WHERE {{TABLE}}.id = t.id`

var relayPurgeTmpl = `DELETE FROM {{TABLE}} WHERE state = 'done'`

// Templates in a map of queries, by name.
var relayTemplates = map[string]string{
	"claim": relayClaimTmpl,
	"reset": `UPDATE {{TABLE}} SET state = 'ready' WHERE id = $1`,
}

// NewRelay is given its table by code out of sight.
func NewRelay(tableName string) *relay {
	r := &relay{}
	r.claim = strings.ReplaceAll(relayClaimTmpl, "{{TABLE}}", tableName)
	r.reap = strings.Replace(`UPDATE {{TABLE}} SET state = 'ready' WHERE state = 'running'`, "{{TABLE}}", tableName, -1)
	// A count: only the first two are replaced; {{TABLE}}} overlaps.
	r.firstTwo = strings.Replace("{{TABLE}}}{{TABLE}} {{TABLE}}", "{{TABLE}}", tableName, 2)
	// An empty old string: the name goes at every rune boundary.
	r.spaced = strings.ReplaceAll("aé", "", tableName)
	r.fromVar = strings.ReplaceAll(relayPurgeTmpl, "{{TABLE}}", tableName)
	r.fromMap = strings.ReplaceAll(relayTemplates["reset"], "{{TABLE}}", tableName)
	r.q = relayQueries{
		stats: strings.ReplaceAll(`SELECT count(*) FROM {{TABLE}}`, "{{TABLE}}", tableName),
		purge: strings.NewReplacer("{{TABLE}}", tableName).Replace(relayPurgeTmpl),
	}
	return r
}

func (r *relay) ShapeReplaceAllParam() string   { return r.claim }
func (r *relay) ShapeReplaceParam() string      { return r.reap }
func (r *relay) ShapeReplaceCountParam() string { return r.firstTwo }
func (r *relay) ShapeReplaceEmptyOldParam() string {
	return r.spaced
}
func (r *relay) ShapeReplaceVarTemplate() string    { return r.fromVar }
func (r *relay) ShapeReplaceStructLiteral() string  { return r.q.stats }
func (r *relay) ShapeReplacerStructLiteral() string { return r.q.purge }

// RunClaim takes a table and runs SQL built from it, storing nothing: its
// parameter stays a hole.
func RunClaim(tableName string) string {
	return strings.ReplaceAll(relayClaimTmpl, "{{TABLE}}", tableName)
}

func ShapeReplaceAllUnstored(tableName string) string { return RunClaim(tableName) }

func (r *relay) ShapeReplaceMapTemplate() string { return r.fromMap }

func ShapeMapLocal() string {
	qs := map[string]string{"claim": "SELECT 1", "reset": "SELECT 2"}
	return qs["reset"]
}

// A map some function writes may hold anything.
var writtenTemplates = map[string]string{"claim": "SELECT 1"}

func SetTemplate(name, sql string) { writtenTemplates[name] = sql }

func ShapeMapWritten() string { return writtenTemplates["claim"] }
