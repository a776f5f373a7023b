// Package columns is a stub of github.com/gobuffalo/pop/v6/columns for
// analysistest: the names and signatures jobqlint reads (as in pop v6.1),
// with no behaviour.
package columns

type Column struct {
	Name      string
	Writeable bool
	Readable  bool
}

type Columns struct {
	Cols       map[string]*Column
	TableName  string
	TableAlias string
	IDField    string
}

type WriteableColumns struct {
	Columns
}

type quoter interface {
	Quote(key string) string
}

func NewColumns(tableName, idField string) Columns { return Columns{} }
func NewColumnsWithAlias(tableName, tableAlias, idField string) Columns {
	return Columns{}
}
func ForStruct(s interface{}, tableName, idField string) Columns { return Columns{} }
func ForStructWithAlias(s interface{}, tableName, tableAlias, idField string) Columns {
	return Columns{}
}

func (c *Columns) Add(names ...string) []*Column          { return nil }
func (c Columns) Writeable() *WriteableColumns            { return &WriteableColumns{c} }
func (c Columns) QuotedUpdateString(quoter quoter) string { return "" }
