// Package echo is a stand-in for github.com/labstack/echo/v4: the handler
// context, enough for the rules' tests.
package echo

import "net/http"

type Context interface {
	Request() *http.Request
	Param(name string) string
	NoContent(code int) error
}
