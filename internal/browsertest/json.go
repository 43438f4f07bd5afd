package browsertest

import (
	stdjson "encoding/json"

	"github.com/go-json-experiment/json/jsontext"
)

type jsonRaw = jsontext.Value

func unmarshal(b []byte, out any) error {
	return jsonUnmarshal(b, out)
}

// jsonUnmarshal uses encoding/json so test structs need only standard tags.
func jsonUnmarshal(b []byte, out any) error { return stdjson.Unmarshal(b, out) }
