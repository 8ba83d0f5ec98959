package compile

// WalkCalls goes through definitions that call one another (predicates,
// procedures) depth first, from each in the order given. For every call
// that closes a cycle it calls cycle with the caller, the index of the call
// among its calls, and the definitions on the cycle from the callee to the
// caller; each definition is passed to done once every definition it calls
// (outside a cycle) has been, which is the order to compile them in.
func WalkCalls[T comparable](defs []T, calls func(T) []T, cycle func(from T, call int, on []T), done func(T)) {
	const (
		fresh = iota
		open
		closed
	)
	seen := map[T]int{}
	var stack []T
	var visit func(d T)
	visit = func(d T) {
		seen[d] = open
		stack = append(stack, d)
		for i, to := range calls(d) {
			switch seen[to] {
			case fresh:
				visit(to)
			case open:
				at := 0
				for k, q := range stack {
					if q == to {
						at = k
					}
				}
				cycle(d, i, append([]T(nil), stack[at:]...))
			}
		}
		stack = stack[:len(stack)-1]
		seen[d] = closed
		if done != nil {
			done(d)
		}
	}
	for _, d := range defs {
		if seen[d] == fresh {
			visit(d)
		}
	}
}
