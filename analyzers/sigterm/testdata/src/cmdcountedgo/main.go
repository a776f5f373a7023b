// A command that, in production, starts a runner which every few minutes
// starts a fixed number of workers, each looping on claims: two calls and
// two go statements below main, with no SIGTERM handling.
package main

import (
	"database/sql"
	"log"
	"net/http"
	"sync"
	"time"
)

var (
	db          *sql.DB
	wg          sync.WaitGroup
	environment = "production"
)

const workersCount = 15

func main() {
	var err error
	db, err = sql.Open("postgres", "")
	if err != nil {
		log.Fatal(err)
	}
	if environment == "production" {
		go autoSyncRunner() // want `autoSyncRunner starts a claim loop, but this command never handles SIGTERM`
	}
	log.Fatal(http.ListenAndServe(":8080", nil))
}

func autoSyncRunner() {
	for {
		time.Sleep(time.Minute)
		runPipes()
		wg.Wait()
	}
}

func runPipes() {
	wg.Add(workersCount)
	for i := 0; i < workersCount; i++ {
		go pipeWorker(i)
	}
}

func pipeWorker(id int) {
	defer wg.Done()
	for {
		keys, err := claim()
		if err != nil {
			continue
		}
		if keys == nil {
			time.Sleep(30 * time.Second)
			continue
		}
		for _, k := range keys {
			log.Printf("worker %d: %s", id, k)
		}
	}
}

func claim() ([]string, error) {
	rows, err := db.Query(`UPDATE queued_pipes SET locked_at = now() WHERE key IN (
		SELECT key FROM queued_pipes WHERE locked_at IS NULL ORDER BY created_at LIMIT 10 FOR UPDATE SKIP LOCKED) RETURNING key`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var keys []string
	for rows.Next() {
		var k string
		if err := rows.Scan(&k); err != nil {
			return nil, err
		}
		keys = append(keys, k)
	}
	return keys, rows.Err()
}
