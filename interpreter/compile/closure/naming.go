package closure

import (
	"strings"
	"unicode"

	"github.com/expr-lang/expr/builtin"
)

// CamelOf maps the snake_case name of each of expr's camelCase built-in
// functions to expr's name; snakeOf is the other way round.
var CamelOf, SnakeOf = func() (map[string]string, map[string]string) {
	camel, snake := map[string]string{}, map[string]string{}
	for _, f := range builtin.Builtins {
		s := toSnake(f.Name)
		if s != f.Name {
			camel[s], snake[f.Name] = f.Name, s
		}
	}
	return camel, snake
}()

// toSnake spells a camelCase name in snake_case: findLastIndex is
// find_last_index, toJSON to_json.
func toSnake(name string) string {
	var b strings.Builder
	r := []rune(name)
	for i, c := range r {
		if unicode.IsUpper(c) {
			if i > 0 && (!unicode.IsUpper(r[i-1]) || (i+1 < len(r) && unicode.IsLower(r[i+1]))) {
				b.WriteByte('_')
			}
			c = unicode.ToLower(c)
		}
		b.WriteRune(c)
	}
	return b.String()
}

// SnakeName is the name an expression writes one of expr's built-in
// functions by: the snake_case form of a camelCase name, else the name.
func SnakeName(name string) string {
	if s, ok := SnakeOf[name]; ok {
		return s
	}
	return name
}
