// GORM's ordinary use on tables that are no queue.
package ok_gorm_plain

import "gorm.io/gorm"

type User struct {
	ID    int64
	Email string
	Name  string
}

func Get(db *gorm.DB, id int64) (User, error) {
	var u User
	err := db.First(&u, id).Error
	return u, err
}

func Add(db *gorm.DB, email string) error {
	return db.Create(&User{Email: email}).Error
}

func Rename(db *gorm.DB, u *User, name string) error {
	u.Name = name
	return db.Save(u).Error
}

func ByEmail(db *gorm.DB, email string) (User, error) {
	var u User
	err := db.Where("email = ?", email).Take(&u).Error
	return u, err
}
