package interpreter

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
)

// SaveFormat names the save file format; a change of layout changes it.
const SaveFormat = "arbiter-save/2"

// saveFormat1 is the format of saves without a checksum. They are still
// read: their state must be the one their seed and answers give.
const saveFormat1 = "arbiter-save/1"

// Record is one answer given in a game, for replays.
type Record struct {
	Seq    int    `json:"seq"`
	Player int    `json:"player"`
	Answer Answer `json:"answer"`
}

// Save is a saved game: the ruleset's identity, how the game was started, every
// answer so far and the full state.
type Save struct {
	Format  string   `json:"format"`
	Ruleset string   `json:"ruleset"`
	Version string   `json:"version"`
	Hash    string   `json:"hash"`
	Players int      `json:"players"`
	Decks   []string `json:"decks,omitempty"`
	Seed    uint64   `json:"seed"`
	Answers []Record `json:"answers"`
	State   *State   `json:"state"`
	Extra   any      `json:"extra,omitempty"`
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
func Snapshot(g *Game) (*Save, error) {
	st := g.S.Clone()
	b, err := g.S.RNG.MarshalBinary()
	if err != nil {
		return nil, err
	}
	st.RNGState = b
	decks := make([]string, len(g.decks))
	for i, d := range g.decks {
		if d >= 0 && d < len(g.rs.Decks) {
			decks[i] = g.rs.Decks[d].Name
		}
	}
	sv := &Save{Format: SaveFormat, Ruleset: g.rs.Name, Version: g.rs.Version, Hash: g.rs.Hash, Players: g.nseats, Decks: decks, Seed: g.S.Seed, Answers: append([]Record(nil), g.S.History...), State: st}
	if err := sv.Seal(); err != nil {
		return nil, err
	}
	return sv, nil
}

// MarshalJSON encodes the whole game.
func (g *Game) MarshalJSON() ([]byte, error) {
	s, err := Snapshot(g)
	if err != nil {
		return nil, err
	}
	return json.Marshal(s)
}

// Restore rebuilds a game from a Save made with the same ruleset. The save
// is checked as a whole: a save from another ruleset or version, one whose
// state does not hold together, or one whose content does not match its
// checksum is refused with the reason.
func Restore(rs *Ruleset, sv *Save) (*Game, error) {
	if sv.Format != SaveFormat && sv.Format != saveFormat1 {
		return nil, fmt.Errorf("this is not an Arbiter save (format %q, expected %q)", sv.Format, SaveFormat)
	}
	if sv.Ruleset != rs.Name {
		return nil, fmt.Errorf("the save is a game of %q, not %q", sv.Ruleset, rs.Name)
	}
	if sv.Hash != rs.Hash {
		return nil, fmt.Errorf("the save was made with another version of %s (ruleset hash %s, now %s): its rules or cards have changed since", rs.Name, sv.Hash, rs.Hash)
	}
	if sv.State == nil {
		return nil, fmt.Errorf("the save has no game state")
	}
	if sv.Players < rs.MinPlayers || sv.Players > rs.MaxPlayers {
		return nil, fmt.Errorf("the save has %d players; %s takes %d to %d", sv.Players, rs.Name, rs.MinPlayers, rs.MaxPlayers)
	}
	g := newGame(rs, sv.Players)
	for i := range g.decks {
		g.decks[i] = -1
		if i < len(sv.Decks) && sv.Decks[i] != "" {
			ix, ok := rs.deckIx[sv.Decks[i]]
			if !ok {
				return nil, fmt.Errorf("the save names an unknown deck %q", sv.Decks[i])
			}
			g.decks[i] = ix
		}
	}
	st := sv.State.Clone()
	if err := st.RNG.UnmarshalBinary(sv.State.RNGState); err != nil {
		return nil, fmt.Errorf("the save's random generator state is damaged: %v", err)
	}
	st.RNGState = nil
	g.S = st
	if err := g.checkState(); err != nil {
		return nil, fmt.Errorf("the save is damaged: %v", err)
	}
	if sv.Format == saveFormat1 {
		// no checksum: the state must be the one the seed and answers give
		if err := checkReplay(g, sv); err != nil {
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
	return g, nil
}

// checkReplay plays the save's answers again from its seed and checks that
// they give its state.
func checkReplay(g *Game, sv *Save) error {
	if len(sv.Answers) != len(sv.State.History) {
		return fmt.Errorf("it lists %d answers, and its state %d", len(sv.Answers), len(sv.State.History))
	}
	r, err := New(g.rs, Options{Players: g.nseats, Seed: sv.Seed, Decks: sv.Decks, Mode: g.Mode(), NoLog: sv.State.NoLog})
	if err != nil {
		return err
	}
	for i, a := range sv.Answers {
		if a.Answer.Resign {
			err = r.Resign(a.Player)
		} else {
			err = r.Answer(a.Player, a.Answer)
		}
		if err != nil {
			return fmt.Errorf("its answer %d is refused when the game is played again from its seed: %v", i+1, err)
		}
	}
	st := r.S.Clone()
	if st.RNGState, err = r.S.RNG.MarshalBinary(); err != nil {
		return err
	}
	got, err := json.Marshal(st)
	if err != nil {
		return err
	}
	want, err := json.Marshal(sv.State)
	if err != nil {
		return err
	}
	if !bytes.Equal(got, want) {
		return fmt.Errorf("its seed and answers do not give its state")
	}
	return nil
}

// LoadJSON restores a game saved with MarshalJSON.
func LoadJSON(rs *Ruleset, data []byte) (*Game, error) {
	var sv Save
	if err := json.Unmarshal(data, &sv); err != nil {
		return nil, fmt.Errorf("the save cannot be read: %v", err)
	}
	return Restore(rs, &sv)
}

// checkState verifies that every index in the state points where it may, so a
// damaged save is refused instead of failing later.
func (g *Game) checkState() error {
	s, rs := g.S, g.rs
	n := g.nseats
	if len(s.Players) != n {
		return fmt.Errorf("%d player records for %d players", len(s.Players), n)
	}
	if len(s.PlayerProp) != n*len(rs.PlayerProps) || len(s.GameProps) != len(rs.GameProps) || len(s.CardProps) != len(s.Cards)*g.stride() {
		return fmt.Errorf("property tables have the wrong size")
	}
	want := 0
	for _, z := range rs.Zones {
		if z.PerPlayer {
			want += n
		} else {
			want++
		}
	}
	if len(s.Zones) != want {
		return fmt.Errorf("%d zones, expected %d", len(s.Zones), want)
	}
	seen := make([]int, len(s.Cards))
	for zi, z := range s.Zones {
		if int(z.Kind) < 0 || int(z.Kind) >= len(rs.Zones) {
			return fmt.Errorf("zone %d has unknown kind %d", zi, z.Kind)
		}
		for _, c := range z.Cards {
			if c < 0 || c >= len(s.Cards) {
				return fmt.Errorf("zone %d holds unknown card %d", zi, c)
			}
			if int(s.Cards[c].Zone) != zi {
				return fmt.Errorf("card %d is listed in zone %d but records zone %d", c, zi, s.Cards[c].Zone)
			}
			seen[c]++
		}
	}
	for c, k := range seen {
		if k != 1 {
			return fmt.Errorf("card %d is in %d zones", c, k)
		}
		ci := s.Cards[c]
		if int(ci.Def) < 0 || int(ci.Def) >= len(rs.Cards) || int(ci.Owner) < 0 || int(ci.Owner) >= n || int(ci.Ctrl) < 0 || int(ci.Ctrl) >= n {
			return fmt.Errorf("card %d has a bad definition or owner", c)
		}
	}
	for _, f := range s.Frames {
		if int(f.Prog) < 0 || int(f.Prog) >= len(rs.Programs) || f.PC < 0 || int(f.PC) > len(rs.Programs[f.Prog].Steps) {
			return fmt.Errorf("a running effect points at an unknown step")
		}
		if int(f.Base) < 0 || int(f.Base)+rs.Programs[rs.Programs[f.Prog].Root].NVars > len(s.Vars) {
			return fmt.Errorf("a running effect's variables are missing")
		}
		if int(f.You) < 0 || int(f.You) >= n {
			return fmt.Errorf("a running effect has no player")
		}
	}
	for _, it := range s.Stack {
		if int(it.Prog) < 0 || int(it.Prog) >= len(rs.Programs) {
			return fmt.Errorf("a stack item points at an unknown effect")
		}
		if int(it.You) < 0 || int(it.You) >= n || int(it.Card) >= len(s.Cards) || len(it.Vars) != int(it.NVars) {
			return fmt.Errorf("a stack item is damaged")
		}
		if it.Trigger && it.Event == nil {
			return fmt.Errorf("a triggered ability on the stack has lost its event")
		}
	}
	if len(s.Pending) != len(s.Answers) {
		return fmt.Errorf("pending decisions and answers disagree")
	}
	if !s.Over && !g.waiting() {
		// a game is saved while it waits for an answer, or once it is over
		return fmt.Errorf("no decision is pending and the game is not over")
	}
	for _, d := range s.Pending {
		if d.Player < 0 || d.Player >= n || d.Frame < 0 || d.Frame >= len(s.Frames) {
			return fmt.Errorf("a pending decision belongs to nobody")
		}
		for _, opts := range [][]Option{d.Options, d.Targets} {
			for _, o := range opts {
				switch {
				case o.Card < -1 || o.Card >= len(s.Cards):
					return fmt.Errorf("a pending decision offers card %d, which does not exist", o.Card)
				case o.Action < -1 || o.Action >= len(rs.Actions):
					return fmt.Errorf("a pending decision offers action %d, which does not exist", o.Action)
				case o.Player < -1 || o.Player >= n:
					return fmt.Errorf("a pending decision offers player %d, who does not exist", o.Player)
				}
			}
		}
		if (d.Allowed != nil && len(d.Allowed) != len(d.Options)) || len(d.Fewest) > len(d.Targets) {
			return fmt.Errorf("a pending decision's targets are damaged")
		}
		for _, ts := range d.Allowed {
			for _, t := range ts {
				if t < 1 || t > len(d.Targets) {
					return fmt.Errorf("a pending decision allows target %d, which does not exist", t)
				}
			}
		}
	}
	if s.Active < 0 || s.Active >= n {
		return fmt.Errorf("the active player %d does not exist", s.Active)
	}
	if s.Phase < StageSetup || int(s.Phase) > len(rs.Phases) {
		return fmt.Errorf("the phase %d does not exist", s.Phase)
	}
	return nil
}
