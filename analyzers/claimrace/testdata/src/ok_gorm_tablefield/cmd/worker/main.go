// The worker command picks the repository's table.
package main

import (
	"context"

	"gorm.io/gorm"

	"ok_gorm_tablefield"
)

func main() {
	var db *gorm.DB
	repo := ok_gorm_tablefield.NewRepo(db, "jobs")
	repo.Claim(context.Background())
}
