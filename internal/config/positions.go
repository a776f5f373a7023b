package config

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
)

// A PosError is a mistake in a configuration file at a line and column, so
// that an editor or a CI log leads to it.
type PosError struct {
	Path      string
	Line, Col int
	Err       error
}

func (e *PosError) Error() string {
	return fmt.Sprintf("%s:%d:%d: %v", e.Path, e.Line, e.Col, e.Err)
}

func (e *PosError) Unwrap() error { return e.Err }

// offsets maps what a configuration names to the byte offset where the
// file says it: "disable" for a top-level key, "disable/claimrace" for a
// string in a list under a key or a key of an object under it. A file that
// is not JSON has none, or some.
func offsets(data []byte) map[string]int {
	w := &walker{data: data, dec: json.NewDecoder(bytes.NewReader(data)), out: map[string]int{}}
	_ = w.value("", false) // a file json cannot read has its own error
	return w.out
}

type walker struct {
	data []byte
	dec  *json.Decoder
	out  map[string]int
}

// start is the offset where the next token begins: InputOffset is where
// the last one ended, and separators are not tokens.
func (w *walker) start() int {
	off := int(w.dec.InputOffset())
	for off < len(w.data) && bytes.IndexByte([]byte(" \t\r\n:,"), w.data[off]) >= 0 {
		off++
	}
	return off
}

func (w *walker) record(key string, off int) {
	if _, ok := w.out[key]; !ok {
		w.out[key] = off
	}
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "/" + key
}

// value reads one value under path; inList says it is an element of a
// list.
func (w *walker) value(path string, inList bool) error {
	off := w.start()
	tok, err := w.dec.Token()
	if err != nil {
		return err
	}
	switch t := tok.(type) {
	case json.Delim:
		for w.dec.More() {
			if t == '[' {
				if err := w.value(path, true); err != nil {
					return err
				}
				continue
			}
			koff := w.start()
			k, err := w.dec.Token()
			if err != nil {
				return err
			}
			key, _ := k.(string)
			w.record(join(path, key), koff)
			if err := w.value(join(path, key), false); err != nil {
				return err
			}
		}
		_, err := w.dec.Token() // the closing delimiter
		return err
	case string:
		if inList {
			w.record(join(path, t), off)
		}
	}
	return nil
}

// lineCol is the 1-based line and column of a byte offset.
func lineCol(data []byte, off int) (int, int) {
	off = min(off, len(data))
	line := 1 + bytes.Count(data[:off], []byte("\n"))
	col := off - bytes.LastIndexByte(data[:off], '\n')
	return line, col
}

// At positions err at what the file says for key ("flags/NAME.flag", as
// offsets names them), in a *PosError; with no position known, err is
// prefixed by the file; for settings (no file), it is returned as it is.
func (c *Config) At(key string, err error) error { return c.at(key, 0, err) }

// at positions err at key, or at offset off when key is "".
func (c *Config) at(key string, off int, err error) error {
	if c.Path == "" {
		return err
	}
	if key != "" {
		o, ok := c.pos[key]
		if !ok {
			return fmt.Errorf("%s: %w", c.Path, err)
		}
		off = o
	}
	line, col := lineCol(c.data, off)
	return &PosError{Path: c.Path, Line: line, Col: col, Err: err}
}

// decodeOffset is where json says a decoding error is, or -1.
func decodeOffset(err error) int {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		return int(syn.Offset) - 1 // the byte that is wrong was read
	case errors.As(err, &typ):
		return int(typ.Offset)
	}
	return -1
}
