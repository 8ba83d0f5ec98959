package save

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/arbiter-games/arbiter/interpreter/engine"
	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/setup"
	"github.com/arbiter-games/arbiter/interpreter/state"
)

// SaveFormat names the save file format; a change of layout changes it.
const SaveFormat = "arbiter-save/2"

// saveFormat1 is the format of saves without a checksum. They are still
// read: their state must be the one their seed and answers give.
const saveFormat1 = "arbiter-save/1"

// Save is a saved game: the ruleset's identity, how the game was started, every
// answer so far and the full state.
type Save struct {
	Format  string `json:"format"`
	Ruleset string `json:"ruleset"`
	Version string `json:"version"`
	Hash    string `json:"hash"`
	// Library is the shape of the library the state was written under
	// (Ruleset.LibraryHash); absent in saves made before it was recorded.
	Library string   `json:"library,omitempty"`
	Players int      `json:"players"`
	Decks   []string `json:"decks,omitempty"`
	Seed    uint64   `json:"seed"`
	// Setup is the position the game began in when it was placed, not
	// dealt (a scenario, a puzzle), and Rolls the die rolls fixed at its
	// start: with the seed and the answers they play the game again.
	Setup   *setup.Setup   `json:"setup,omitempty"`
	Rolls   []int          `json:"rolls,omitempty"`
	Answers []state.Record `json:"answers"`
	State   *state.State   `json:"state"`
	Extra   any            `json:"extra,omitempty"`
	// Checksum is the SHA-256 of every other field (see Sum): a save that
	// was damaged or changed after it was written is refused.
	Checksum string `json:"checksum,omitempty"`
}

// Sum is the checksum of the save: the SHA-256 of its JSON encoding without
// the checksum, in hex.
func (sv *Save) Sum() (string, error) {
	c := *sv
	c.Checksum = ""
	data, err := json.Marshal(&c)
	if err != nil {
		return "", err
	}
	h := sha256.Sum256(data)
	return hex.EncodeToString(h[:]), nil
}

// Seal sets the checksum; call it again after changing any field.
func (sv *Save) Seal() error {
	sum, err := sv.Sum()
	sv.Checksum = sum
	return err
}

// Snapshot returns the game as a Save.
func Snapshot(g *engine.Game) (*Save, error) {
	e := g.Evaluator()
	if e.S.NoRecord {
		return nil, errors.New("the game keeps no record of its answers (a game made for a simulation), so it cannot be saved")
	}
	rs := g.Ruleset()
	start := g.Start()
	sv := &Save{Format: SaveFormat, Ruleset: rs.Name, Version: rs.Version, Hash: rs.Hash, Library: rs.LibraryHash, Players: g.Players(), Decks: start.Decks, Seed: e.S.Seed, Setup: start.Setup, Rolls: start.Rolls, Answers: append([]state.Record(nil), e.S.History...), State: e.S.Clone()}
	if err := sv.Seal(); err != nil {
		return nil, err
	}
	return sv, nil
}

// VersionError is Restore's refusal of a save made with another version
// of its ruleset, kept as a type so that a program that knows where it
// read the ruleset can say so.
type VersionError struct {
	Ruleset   string // the game's name
	Hash, Now string // the ruleset's hash in the save, and the one given
}

func (e *VersionError) Error() string {
	return fmt.Sprintf("the save was made with another version of %s (ruleset hash %s, now %s): its rules or cards have changed since", e.Ruleset, e.Hash, e.Now)
}

// Restore rebuilds a game from a Save made with the same ruleset. The save
// is checked as a whole: a save from another ruleset or version, one whose
// state does not hold together, one whose content does not match its
// checksum, or one whose state is not the one its seed and answers give is
// refused with the reason.
func Restore(rs *model.Ruleset, sv *Save) (*engine.Game, error) {
	if sv.Format != SaveFormat && sv.Format != saveFormat1 {
		return nil, fmt.Errorf("this is not an Arbiter save (format %q, expected %q)", sv.Format, SaveFormat)
	}
	if sv.Ruleset != rs.Name {
		return nil, fmt.Errorf("the save is a game of %q, not %q", sv.Ruleset, rs.Name)
	}
	if sv.Hash != rs.Hash {
		return nil, &VersionError{Ruleset: rs.Name, Hash: sv.Hash, Now: rs.Hash}
	}
	if sv.State == nil {
		return nil, fmt.Errorf("the save has no game state")
	}
	if sv.Players < rs.MinPlayers || sv.Players > rs.MaxPlayers {
		return nil, fmt.Errorf("the save has %d players; %s takes %d to %d", sv.Players, rs.Name, rs.MinPlayers, rs.MaxPlayers)
	}
	if len(sv.State.Players) != sv.Players {
		return nil, fmt.Errorf("the save is damaged: it has %d players and a state of %d", sv.Players, len(sv.State.Players))
	}
	// the state's structure first: its message says which index is wrong
	if _, err := engine.Resume(rs, sv.Decks, sv.State.Clone()); err != nil {
		return nil, fmt.Errorf("the save is damaged: %v", err)
	}
	if sv.Format == saveFormat1 {
		// no checksum: the state must be the one the seed and answers give
		g, err := replay(rs, sv)
		if err == nil {
			err = sameState(g, sv)
		}
		if err != nil {
			return nil, fmt.Errorf("the save is damaged: %v", err)
		}
		return g, nil
	}
	sum, err := sv.Sum()
	if err != nil {
		return nil, err
	}
	if sv.Checksum != sum {
		return nil, fmt.Errorf("the save is damaged: its content does not match its checksum (it was changed after it was written)")
	}
	if sv.Library != rs.LibraryHash {
		// the state was written by another version of the engine, whose
		// primitives may keep their progress differently: the game is the one
		// its seed and answers give under this version, with the same rules
		g, err := replay(rs, sv)
		if err != nil {
			return nil, fmt.Errorf("the save was made with another version of Arbiter, and its game cannot be played again under this one: %v", err)
		}
		return g, nil
	}
	// A checksum is no seal against a hand that writes it again: the state
	// must also be the one the seed and answers give, so an edited state (a
	// question nobody can answer, a turn below zero) is refused, not played.
	r, err := replay(rs, sv)
	if err == nil {
		err = sameState(r, sv)
	}
	if err != nil {
		return nil, fmt.Errorf("the save is damaged: %v", err)
	}
	return r, nil
}

// replay plays the save's answers again from its seed.
func replay(rs *model.Ruleset, sv *Save) (*engine.Game, error) {
	if len(sv.Answers) != len(sv.State.History) {
		return nil, fmt.Errorf("it lists %d answers, and its state %d", len(sv.Answers), len(sv.State.History))
	}
	// the questions answered for players are kept (Game.Forced): a
	// session resumed at the terminal shows those since the last answer
	r, err := engine.New(rs, engine.Options{Players: sv.Players, Seed: sv.Seed, Decks: sv.Decks, Mode: rs.Symbol(sv.State.Mode), NoLog: sv.State.NoLog, Setup: sv.Setup, Rolls: sv.Rolls, WatchResign: Watched(sv.Answers), KeepForced: true})
	if err != nil {
		return nil, err
	}
	for i := range sv.Answers {
		if err := PlayRecord(r, sv.Answers, i); err != nil {
			return nil, fmt.Errorf("its answer %d is refused when the game is played again from its seed: %v", i+1, err)
		}
	}
	return r, nil
}

// Watched lists the seat whose moments to resign a game played again
// with PlayRecord keeps from its start (Options.WatchResign): the seat of
// the first record when it is a resignation.
func Watched(recs []state.Record) []int {
	if len(recs) > 0 && recs[0].Answer.Resign {
		return []int{recs[0].Player}
	}
	return nil
}

// PlayRecord gives a game played again from its seed (a save's, a replay
// log's) its recorded answer recs[i]: an answer, or a resignation, which
// the rules may refuse now when it was made at a moment the engine played
// past without asking the seat (Game.ResignAtPoint): it is made at that
// moment again. The moments of a seat are kept only when its resignation
// comes next (keeping them copies the state), so the game must be made
// with Options.WatchResign: Watched(recs).
func PlayRecord(g *engine.Game, recs []state.Record, i int) error {
	rec := recs[i]
	if rec.Answer.Resign {
		err := g.Resign(rec.Player)
		if _, kept := g.ResignPoint(rec.Player); err != nil && kept {
			err = g.ResignAtPoint(rec.Player)
		}
		return err
	}
	// the moments of the run this answer sets off, for a resignation
	// recorded next
	if i+1 < len(recs) && recs[i+1].Answer.Resign {
		g.WatchResign(recs[i+1].Player)
	} else {
		g.WatchResign()
	}
	return g.Answer(rec.Player, rec.Answer)
}

// sameState checks that a game played again is in the save's state. What
// the engine notes for its state checks (whether they are due, which parts
// changed since they ran, which held) is left out: it is bookkeeping that
// depends on how the game was played (with VerifyChanges, with a log), not
// the game; the game played again, with its own notes, is the one kept.
func sameState(r *engine.Game, sv *Save) error {
	a, b := r.Evaluator().S.Clone(), sv.State.Clone() // cloned as the saved state was
	for _, s := range []*state.State{a, b} {
		s.Dirty, s.Changed, s.Untouched, s.Held = false, 0, 0, 0
		// the turns of the seats' answers follow from the answers (a save
		// of an earlier version has none)
		s.AnsweredIn = nil
	}
	got, err := json.Marshal(a)
	if err != nil {
		return err
	}
	want, err := json.Marshal(b)
	if err != nil {
		return err
	}
	if !bytes.Equal(got, want) {
		return fmt.Errorf("its seed and answers do not give its state (it was changed after it was written)")
	}
	return nil
}

// LoadJSON restores a game saved with MarshalJSON.
func LoadJSON(rs *model.Ruleset, data []byte) (*engine.Game, error) {
	var sv Save
	data = TrimBOM(data)
	if err := json.Unmarshal(data, &sv); err != nil {
		return nil, fmt.Errorf("the save cannot be read: %v", JSONErrorIn(data, err))
	}
	return Restore(rs, &sv)
}

// Marshal encodes the whole game as a save (LoadJSON reads it back).
func Marshal(g *engine.Game) ([]byte, error) {
	s, err := Snapshot(g)
	if err != nil {
		return nil, err
	}
	return json.Marshal(s)
}
