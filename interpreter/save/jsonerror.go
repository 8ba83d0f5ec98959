package save

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
)

// JSONErrorIn is JSONError for an error in reading data: data that ends
// in the middle of a value was cut off (a save or a log not written
// whole), which encoding/json tells as a space it read past the end.
func JSONErrorIn(data []byte, err error) error {
	var se *json.SyntaxError
	end := int64(len(bytes.TrimRight(data, " \t\r\n")))
	// the end of the input, or a number or a text left open where it ends
	// (json reads past the end as a space): a stray character at the end
	// of a whole value is no cut
	if errors.As(err, &se) && (strings.Contains(se.Error(), "unexpected end") || se.Offset >= end && strings.Contains(se.Error(), " literal")) {
		return fmt.Errorf("it is cut off at byte %d, in the middle of a value: it was not written whole", len(data))
	}
	return JSONError(err)
}

// TrimBOM drops the byte-order mark an editor may write at the start of a
// file: it says nothing of its content.
func TrimBOM(data []byte) []byte { return bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")) }

// JSONError says in words what is wrong in a damaged save or log line,
// where encoding/json names Go's types and struct fields.
func JSONError(err error) error {
	var te *json.UnmarshalTypeError
	var se *json.SyntaxError
	switch {
	case errors.As(err, &te):
		where := "a value"
		if te.Field != "" {
			where = "the field " + te.Field
		}
		return fmt.Errorf("%s holds %s where %s belongs (at byte %d)", where, jsonWords(te.Value), typeWords(te.Type), te.Offset)
	case errors.As(err, &se):
		return fmt.Errorf("it is not JSON at byte %d: %s", se.Offset, strings.TrimPrefix(se.Error(), "json: "))
	case err != nil:
		return errors.New(strings.TrimPrefix(err.Error(), "json: "))
	}
	return nil
}

// jsonWords names a kind of JSON value ("number -1", "string") in words.
func jsonWords(v string) string {
	kind, rest, _ := strings.Cut(v, " ")
	words := map[string]string{"number": "a number", "string": "a text", "bool": "true or false", "array": "a list", "object": "a mapping"}[kind]
	if words == "" {
		words = "a " + kind
	}
	if rest != "" {
		words += " (" + rest + ")"
	}
	return words
}

// typeWords names what a Go type holds, as a reader of the file sees it.
func typeWords(t reflect.Type) string {
	if t == nil {
		return "another value"
	}
	switch t.Kind() {
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a whole number 0 or more"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return "a whole number"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.String:
		return "a text"
	case reflect.Bool:
		return "true or false"
	case reflect.Slice, reflect.Array:
		return "a list"
	case reflect.Map, reflect.Struct:
		return "a mapping"
	}
	return "another value"
}
