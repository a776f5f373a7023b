package marshalraw

import "encoding/json"

type Envelope struct{ Data json.RawMessage }

func Wrap(e Envelope) ([]byte, error) {
	return json.Marshal(string(e.Data)) // want `json.Marshal of e.Data turned into a string`
}
