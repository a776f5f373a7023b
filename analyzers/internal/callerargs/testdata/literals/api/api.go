package api

import "example.com/literals/models"

func NewTask(kind string) *models.Task {
	return &models.Task{Kind: kind, Status: models.StatusPending}
}

func Blank() models.Task {
	return models.Task{Kind: "blank"} // no Status: its zero value, no state
}

func Note() models.Note { return models.Note{Status: "draft"} }

func Owned(kind, owner string) *models.Task {
	return &models.Task{Kind: kind, Status: models.StatusPending, Owner: owner}
}
