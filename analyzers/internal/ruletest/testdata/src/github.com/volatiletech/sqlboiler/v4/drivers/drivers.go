// Package drivers is a stub of github.com/volatiletech/sqlboiler/v4/drivers.
package drivers

type Dialect struct {
	LQ                   rune
	RQ                   rune
	UseIndexPlaceholders bool
	UseLastInsertID      bool
	UseSchema            bool
	UseDefaultKeyword    bool
}
