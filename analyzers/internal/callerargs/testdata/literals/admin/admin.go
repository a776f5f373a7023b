package admin

import "example.com/literals/models"

func Held(kind string) *models.Task {
	t := &models.Task{Kind: kind, Status: models.StatusHeld}
	return t
}
