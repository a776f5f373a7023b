// The worker command picks the repository's table.
package main

import (
	"context"

	"gorm.io/gorm"

	"gorm_tablefield"
)

func main() {
	var db *gorm.DB
	repo := gorm_tablefield.NewRepo(db, "jobs")
	repo.Claim(context.Background())
}
