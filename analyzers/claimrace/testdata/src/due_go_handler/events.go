// Event listeners looked up by name and started in a goroutine, the
// event then deleted by id: the listener has no error to return.
package due_go_handler

import (
	"database/sql"
	"log"
	"time"
)

type Listener func(payload string)

type event struct {
	id      int64
	name    string
	payload string
}

type Bus struct {
	db        *sql.DB
	listeners map[string]Listener
}

func (b *Bus) due() []event {
	rows, err := b.db.Query(`SELECT id, name, payload FROM events WHERE fire_at < $1`, time.Now()) // want `two schedulers run the same due job`
	if err != nil {
		return nil
	}
	defer rows.Close()
	var out []event
	for rows.Next() {
		var e event
		if rows.Scan(&e.id, &e.name, &e.payload) == nil {
			out = append(out, e)
		}
	}
	return out
}

func (b *Bus) fire(e event) {
	if l, ok := b.listeners[e.name]; ok {
		go l(e.payload)
		if _, err := b.db.Exec(`DELETE FROM events WHERE id = $1`, e.id); err != nil {
			log.Print(err)
		}
	}
}

func (b *Bus) Tick() {
	for _, e := range b.due() {
		b.fire(e)
	}
}
