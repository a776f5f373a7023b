// Package respond writes HTTP bodies: a string or []byte is written as it
// is, anything else is marshalled. Handing it JSON text is right.
package respond

import (
	"encoding/json"
	"net/http"
)

func JSON(w http.ResponseWriter, code int, data any) {
	write(w, code, data)
}

func write(w http.ResponseWriter, code int, data any) {
	var body []byte
	switch v := data.(type) {
	case string:
		body = []byte(v)
	case []byte:
		body = v
	default:
		b, err := json.Marshal(data)
		if err != nil {
			panic(err)
		}
		body = b
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	w.Write(body)
}

// Error marshals what is not already text, asked with an assertion.
func Error(w http.ResponseWriter, code int, data any) {
	if s, ok := data.(string); ok {
		w.WriteHeader(code)
		w.Write([]byte(s))
		return
	}
	b, _ := json.Marshal(data)
	w.WriteHeader(code)
	w.Write(b)
}
