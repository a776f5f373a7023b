// A setting another service stores encoded twice: the bytes are tried as
// the object first, and read as a JSON string holding it only when that
// fails. Each path decodes what is there.
package ok_fallback

import "encoding/json"

type Cred struct{ Key string }

func Decode(data []byte) (Cred, error) {
	var cred Cred
	if err := json.Unmarshal(data, &cred); err == nil {
		return cred, nil
	}
	var s string
	if err := json.Unmarshal(data, &s); err != nil {
		return Cred{}, err
	}
	err := json.Unmarshal([]byte(s), &cred)
	return cred, err
}
