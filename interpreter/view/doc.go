// Package view shows a game to a seat: For gives what the seat may know
// (its own hidden cards by name, others' as counts, the stack and who is
// being waited for), LogText renders the log as the seat saw it. Nothing a
// seat has not seen reaches its view or its log.
package view
