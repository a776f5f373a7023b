// The payload was encoded twice upstream, and is decoded twice here.
package twice

import "encoding/json"

func Decode(data []byte) (map[string]any, error) {
	var s string
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, err
	}
	var p map[string]any
	err := json.Unmarshal([]byte(s), &p) // want `s was decoded from JSON into a string, and is decoded again`
	return p, err
}
