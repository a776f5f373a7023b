// Package gin is a stand-in for github.com/gin-gonic/gin: the handler
// context, enough for the rules' tests.
package gin

import "net/http"

type Context struct {
	Request *http.Request
}

func (c *Context) Param(key string) string { return "" }

func (c *Context) Status(code int) {}
