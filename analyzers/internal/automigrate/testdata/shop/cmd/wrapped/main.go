// The handle comes from a package whose AutoMigrate is its own, not GORM's.
package main

import (
	"example.com/shop/models"
	"example.com/shop/wrap"
)

func main() {
	d := wrap.Open(nil)
	_ = d.AutoMigrate(&models.Wrapped{})
}
