// A helper that looks at the dynamic type of what it is given before it
// marshals it writes JSON text as it is: passing it a JSON string is not
// an encoding twice.
package ok_typeswitch

import (
	"encoding/json"
	"net/http"

	"ok_typeswitch/respond"
)

func Unauthorized(w http.ResponseWriter) {
	respond.JSON(w, http.StatusUnauthorized, `{"message":"Unauthorized"}`)
}

func Cached(w http.ResponseWriter, v map[string]int) {
	b, _ := json.Marshal(v)
	respond.JSON(w, http.StatusOK, b)
	respond.Error(w, http.StatusOK, string(b))
}
