// The string decode runs whatever the first decode did, or after another
// value failed: no fallback from a failed decode of the same bytes.
package fallback_onsuccess

import "encoding/json"

type Cred struct{ Key string }

func Logged(data []byte) (Cred, error) {
	var cred Cred
	if err := json.Unmarshal(data, &cred); err != nil {
		println(err.Error())
	}
	var s string
	if err := json.Unmarshal(data, &s); err != nil {
		return Cred{}, err
	}
	err := json.Unmarshal([]byte(s), &cred) // want `s was decoded from JSON into a string, and is decoded again`
	return cred, err
}

func OtherBytes(meta, data []byte) (Cred, error) {
	var cred Cred
	if err := json.Unmarshal(meta, &cred); err == nil {
		return cred, nil
	}
	var t string
	if err := json.Unmarshal(data, &t); err != nil {
		return Cred{}, err
	}
	err := json.Unmarshal([]byte(t), &cred) // want `t was decoded from JSON into a string, and is decoded again`
	return cred, err
}
