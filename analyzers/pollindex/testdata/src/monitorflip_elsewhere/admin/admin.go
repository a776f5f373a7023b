// Package admin sets a monitor's state by hand.
package admin

const SetHealth = `UPDATE monitors SET health = $2 WHERE id = $1`
