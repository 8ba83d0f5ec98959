package zones

import (
	"fmt"

	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/state"
	"github.com/arbiter-games/arbiter/stdlib/internal/args"
)

// maxCreate and maxGameCards bound the cards create makes: far more than
// any game needs, few enough to fit in memory.
const (
	maxCreate    = 10000
	maxGameCards = model.MaxGameCards
)

func Primitives() []*model.Primitive {
	return []*model.Primitive{
		{
			Name: "move", Args: &moveArgs, Family: "zones",
			Doc: "Moves cards to a zone: the zone of the card's owner, or of `owner` when given.",
			Params: []model.Param{
				args.Was(args.ExprParam("cards", model.TCards, true, "", "the card or cards to move"), "card"),
				{Name: "to", Kind: model.PZone, Required: true, Doc: "the zone they go to"},
				args.ExprParam("owner", model.TPlayer, false, "", "whose zone (default: each card's owner)"),
				{Name: "position", Kind: model.PWord, Words: positionWords[:], Default: positionWords[posTop], Doc: "where in an ordered zone; several cards go one after another, as cards dealt onto a pile: to the top, the last of the list ends on top (reverse(list) keeps the list's order there); to the bottom, the first of the list ends highest"},
				{Name: "facing", Was: []string{"face"}, Kind: model.PWord, Words: facingWords[:], Default: facingWords[faceAsZone], Doc: "face up or down; `zone` follows the zone's declaration"},
				args.ExprParam("slot", model.TInt, false, "", "the position in a positional zone (default: the first free one)"),
				args.ExprParam("controller", model.TPlayer, false, "", "who controls the cards there (default: their owner)"),
				args.ExprParam("quiet", model.TBool, false, "false", "no log line (cards dealt, or set aside in a helper zone); who knows the cards changes as for any move"),
				args.ExprParam("unseen", model.TBool, false, "false", "a card that arrives face down is placed without its owner looking at it: they know it only if they knew it before (a card put face down straight from a hidden pile)"),
			},
			Example: "- move: {cards: card, to: discard}",
			Exec:    execMove,
		},
		{
			Name: "draw", Args: &drawArgs, Family: "zones",
			Doc: "Moves the top cards of a player's `from` zone to their `to` zone, one at a time, each below the cards already there (a hand keeps the order of its draws). An empty `from` zone with refill_from is refilled first; when nothing is left, `if_empty` runs. Between two shared zones (a market dealt from its stock) no player is needed, so a card nobody owns may deal one; a draw from or into a player's zone whose player is nobody stops the game with the reason.",
			Params: []model.Param{
				args.ExprParam("player", model.TPlayer, false, "", "who draws (default: you)"),
				args.ExprParam("count", model.TInt, false, "1", "how many cards (a count below 0 draws none: count: 5 - len(you.hand) fills a hand up to 5)"),
				{Name: "from", Kind: model.PZone, Required: true, Doc: "the zone drawn from"},
				{Name: "to", Kind: model.PZone, Required: true, Doc: "the zone the cards go to"},
				{Name: "if_empty", Kind: model.PSteps, Doc: "steps run once if a card could not be drawn", Branch: true},
				{Name: "as", Kind: model.PBind, Type: model.TCards, Doc: "binds the drawn cards"},
				args.ExprParam("quiet", model.TBool, false, "false", "no \"draws\" log line, nor the \"cannot draw\" one of an empty zone; who knows the cards changes as for any draw"),
			},
			Shorthand: "count",
			Example:   "- draw: {count: 2, from: deck, to: hand}",
			Exec:      execDraw,
		},
		{
			Name: "pass_zone", Args: &passZoneArgs, Family: "zones",
			Doc: "Passes every card of a zone of each player (not a shared or positional zone) to another player, all at once, as when every hand passes to the left: each giver's cards go to the zone `to` (default: the same zone) of the player `receiver` names, which is worked out for every giver, with `you` as the giver, before any card moves. The cards become the receiver's: the receiver controls them, and a later move without `owner` takes them to the receiver's zones. The receiver learns them as it learns any card that arrives in that zone (in a hand seen by its owner: every card), and the giver still knows them. The passed cards keep their order. One log line per giver (unless quiet) names the cards to the seats that know them and counts them for the others; every card raises leave and enter as a move does. A giver whose receiver is nothing, or itself in the same zone, keeps its cards.",
			Params: []model.Param{
				{Name: "zone", Kind: model.PZone, Required: true, Doc: "the zone every giver passes"},
				args.ExprParam("receiver", model.TPlayer, false, "you.next", "who gets a giver's cards, with `you` as the giver (default: the next player still in the game)"),
				{Name: "to", Kind: model.PZone, Doc: "the receiver's zone the cards go to (default: the same zone)"},
				args.ExprParam("players", model.TPlayers, false, "", "who pass (default: every player still in the game, from you in seat order)"),
				{Name: "position", Kind: model.PWord, Words: positionWords[:posRandom], Default: positionWords[posTop], Doc: "where the passed cards go in the receiver's zone"},
				args.ExprParam("quiet", model.TBool, false, "false", "no log line; who knows the cards changes as when it is logged"),
			},
			Shorthand: "zone",
			Example:   "- pass_zone: {zone: hand, receiver: you.prev}",
			Validate: func(v model.Validator, s *model.Step) {
				for _, ix := range []model.ArgIndex{passZoneArgs.Zone, passZoneArgs.To} {
					a := s.At(ix)
					if !a.Set || a.Zone < 0 {
						continue
					}
					switch z := &v.Ruleset().Zones[a.Zone]; {
					case !z.PerPlayer:
						v.Errorf(ix, "bad-value", "pass_zone passes a zone of each player; %s is shared (per: game)", z.Name)
					case z.Slots > 0:
						v.Errorf(ix, "bad-value", "pass_zone passes a pile of cards, and %s is a positional zone (slots): move its cards one by one", z.Name)
					}
				}
			},
			Exec: execPassZone,
		},
		{
			Name: "shuffle", Args: &shuffleArgs, Family: "zones",
			Doc: "Shuffles a player's zone; nobody knows its order afterwards.",
			Params: []model.Param{
				{Name: "zone", Kind: model.PZone, Required: true, Doc: "the zone"},
				args.ExprParam("owner", model.TPlayer, false, "", "whose zone (default: you)"),
			},
			Shorthand: "zone",
			Example:   "- shuffle: deck",
			Exec: func(g model.Context, f *state.Frame, s *model.Step) (model.Status, error) {
				p, err := args.Player(g, f, s.At(shuffleArgs.Owner))
				if err != nil {
					return model.Next, err
				}
				g.Shuffle(g.ZoneInst(s.At(shuffleArgs.Zone).Zone, p))
				return model.Next, nil
			},
		},
		{
			Name: "reveal", Args: &revealArgs, Family: "knowledge",
			Doc: "Shows cards to players (default: every player); they remember them. The log has a line for every player named, or one line when every player is; a holder named among them has a line only for their cards they did not know (a card placed unseen, a hand held facing away); cards nobody holds (of a shared zone, owned by nobody) are told revealed by nobody (Apple is revealed).",
			Params: []model.Param{
				args.Was(args.ExprParam("cards", model.TCards, true, "", "the cards"), "card"),
				args.Was(args.ExprParam("players", model.TPlayers, false, "", "who sees them (default: everyone)"), "to"),
				args.ExprParam("quiet", model.TBool, false, "false", "no log line (each card drawn shown to the other players); who knows the cards changes as when it is logged"),
			},
			Shorthand: "cards",
			Example:   "- reveal: {cards: you.hand}",
			Exec: func(g model.Context, f *state.Frame, s *model.Step) (model.Status, error) {
				cards, err := args.CardsCopy(g, f, s.At(revealArgs.Cards))
				if err != nil {
					return model.Next, err
				}
				mask := uint64(1)<<g.Players() - 1
				if a := s.At(revealArgs.Players); a.Set {
					ps, err := g.EvalPlayers(a.Expr, f)
					if err != nil {
						return model.Next, err
					}
					mask = 0
					for _, p := range ps {
						mask |= 1 << p
					}
				}
				quiet, err := args.Bool(g, f, s.At(revealArgs.Quiet), false)
				if err != nil {
					return model.Next, err
				}
				g.Reveal(cards, mask, int(f.You), quiet)
				return model.Next, nil
			},
		},
		{
			Name: "look", Args: &lookArgs, Family: "knowledge",
			Doc: "Lets a player (default: you) see cards, privately.",
			Params: []model.Param{
				args.Was(args.ExprParam("cards", model.TCards, true, "", "the cards"), "card"),
				args.ExprParam("player", model.TPlayer, false, "", "who looks (default: you)"),
			},
			Shorthand: "cards",
			Example:   "- look: {cards: \"you.deck[:1]\"}",
			Exec: func(g model.Context, f *state.Frame, s *model.Step) (model.Status, error) {
				cards, err := args.CardsCopy(g, f, s.At(lookArgs.Cards))
				if err != nil {
					return model.Next, err
				}
				p, err := args.Player(g, f, s.At(lookArgs.Player))
				if err != nil {
					return model.Next, err
				}
				g.Look(cards, p)
				return model.Next, nil
			},
		},
		{
			Name: "flip", Args: &flipArgs, Family: "zones",
			Doc: "Turns cards face up or face down, or to another face of a card with several (a face the card does not have stops the game with the position).",
			Params: []model.Param{
				args.Was(args.ExprParam("cards", model.TCards, true, "", "the cards"), "card"),
				args.ExprParam("face_down", model.TBool, false, "false", "face down after the flip"),
				args.ExprParam("face", model.TInt, false, "", "the face to show, from 0"),
				args.ExprParam("quiet", model.TBool, false, "false", "no log line (a card turned to the face it is played as, when a line of the effect says so)"),
			},
			Example: "- flip: {cards: this, face: 1}",
			Exec: func(g model.Context, f *state.Frame, s *model.Step) (model.Status, error) {
				cards, err := args.CardsCopy(g, f, s.At(flipArgs.Cards))
				if err != nil {
					return model.Next, err
				}
				down, err := args.Bool(g, f, s.At(flipArgs.FaceDown), false)
				if err != nil {
					return model.Next, err
				}
				face, err := args.Int(g, f, s.At(flipArgs.Face), -1)
				if err != nil {
					return model.Next, err
				}
				quiet, err := args.Bool(g, f, s.At(flipArgs.Quiet), false)
				if err != nil {
					return model.Next, err
				}
				for _, c := range cards {
					if n := max(len(g.CardDefOf(c).Faces), 1); face >= n {
						// a face the card does not have: the flip would do nothing
						return model.Next, fmt.Errorf("%s has faces 0 to %d, not %d", g.CardName(c), n-1, face)
					}
					if face >= 0 && face != int(g.Card(c).Face) {
						if !quiet {
							if g.Logging() {
								g.LogCards("flip", int(f.You), []int{c}, "{cards} turns to another face.")
							}
						}
						g.Flip(c, down, face)
						continue
					}
					g.Flip(c, down, face)
					if quiet {
						continue
					}
					// where: two cards of one name may be turned in two
					// players' zones
					if g.Logging() {
						way := "up"
						if down {
							way = "down"
						}
						g.LogCards("flip", int(f.You), []int{c}, "{cards} is turned face %s in %s.", way, g.ZoneLabel(int(g.Card(c).Zone)))
					}
				}
				return model.Next, nil
			},
		},
		{
			Name: "create", Args: &createArgs, Family: "zones",
			Doc: "Makes new cards of a definition in a player's zone: tokens, generated decks. The new cards are logged (unless `quiet`) and each raises `enter`, with `event.from` empty ('').",
			Params: []model.Param{
				{Name: "id", Was: []string{"card"}, Kind: model.PText, Doc: "the card id"},
				args.ExprParam("copy_of", model.TCard, false, "", "make copies of this card's definition instead"),
				args.ExprParam("count", model.TInt, false, "1", "how many: 0 to 10000 (a game has at most 1,000,000 cards)"),
				{Name: "to", Kind: model.PZone, Required: true, Doc: "the zone"},
				args.ExprParam("owner", model.TPlayer, false, "", "the owner (default: you; none: nobody, for cards of a shared zone, such as a market, that belong to whoever takes them)"),
				{Name: "as", Kind: model.PBind, Type: model.TCards, Doc: "binds the new cards"},
				args.ExprParam("quiet", model.TBool, false, "false", "no log line (cards made to build a deck, named only once their properties are set)"),
			},
			Example: "- create: {id: token, count: 2, to: table}",
			Validate: func(v model.Validator, s *model.Step) {
				if s.At(createArgs.ID).Set == s.At(createArgs.CopyOf).Set {
					v.Errorf(createArgs.ID, "missing-field", "create takes either id (a card id) or copy_of (a card)")
					return
				}
				if s.At(createArgs.ID).Set {
					validateCardID(v, s)
				}
			},
			Exec: func(g model.Context, f *state.Frame, s *model.Step) (model.Status, error) {
				var d *model.CardDef
				if a := s.At(createArgs.CopyOf); a.Set {
					c, err := g.EvalCard(a.Expr, f)
					if err != nil || c < 0 {
						return model.Next, err
					}
					d = g.CardDefOf(c)
				} else {
					d, _ = g.Ruleset().CardByID(s.At(createArgs.ID).Text)
				}
				n, err := args.Int(g, f, s.At(createArgs.Count), 1)
				if err != nil {
					return model.Next, err
				}
				switch {
				case n < 0:
					return model.Next, fmt.Errorf("a count of %d cards: create makes 0 or more", n)
				case n > maxCreate || g.CardTotal()+n > maxGameCards:
					// far past any game: memory would run out before a step limit
					return model.Next, fmt.Errorf("create makes at most %d cards at once, and a game has at most %d (it has %d; this would make %d)", maxCreate, maxGameCards, g.CardTotal(), n)
				}
				p, err := args.Player(g, f, s.At(createArgs.Owner))
				if err != nil {
					return model.Next, err
				}
				var made []int
				zi := g.ZoneInst(s.At(createArgs.To).Zone, p)
				for i := 0; i < n; i++ {
					made = append(made, g.CreateCard(d.Index, p, zi))
				}
				g.MarkDirty()
				quiet, err := args.Bool(g, f, s.At(createArgs.Quiet), false)
				if err != nil {
					return model.Next, err
				}
				g.Created(made, zi, int(f.This), !quiet)
				args.Bind(g, f, s.At(createArgs.As), args.ListVal(g, made))
				return model.Next, nil
			},
		},
		{
			Name: "control", Args: &controlArgs, Family: "zones",
			Doc: "Gives control of cards to a player, until the cards change zone.",
			Params: []model.Param{
				args.Was(args.ExprParam("cards", model.TCards, true, "", "the cards"), "card"),
				args.ExprParam("player", model.TPlayer, false, "", "the new controller (default: you)"),
			},
			Example: "- control: {cards: card}",
			Exec: func(g model.Context, f *state.Frame, s *model.Step) (model.Status, error) {
				cards, err := args.CardsCopy(g, f, s.At(controlArgs.Cards))
				if err != nil {
					return model.Next, err
				}
				p, err := args.Player(g, f, s.At(controlArgs.Player))
				if err != nil || p < 0 {
					return model.Next, err
				}
				for _, c := range cards {
					g.SetController(c, p)
					if g.Logging() {
						g.LogCards("control", p, []int{c}, "%s takes control of {cards}.", state.SeatName(p))
					}
				}
				return model.Next, nil
			},
		},
		{
			Name: "create_deck", Args: &createDeckArgs, Family: "zones",
			Doc: "Puts a player's deck (chosen at game start, default the ruleset's first deck a player may play) into a zone of theirs, or with `deck` a deck the rules name, which is then the game's (a market's stock): no player plays it, it is no seat's default and play --deck refuses it; a deck split by zone fills each of its zones instead.",
			Params: []model.Param{
				args.ExprParam("player", model.TPlayer, false, "", "whose deck (default: you)"),
				{Name: "to", Kind: model.PZone, Required: true, Doc: "the zone"},
				{Name: "deck", Kind: model.PText, Doc: "a deck name, instead of the player's chosen deck"},
				args.ExprParam("owner", model.TPlayer, false, "", "who owns the cards (default: the player whose deck it is; none: nobody, for a deck put into a shared zone, such as a market's stock, whose cards belong to whoever takes them)"),
			},
			Example: "- create_deck: {to: deck}",
			Validate: func(v model.Validator, s *model.Step) {
				if a := s.At(createDeckArgs.Deck); a.Set {
					if d, ok := v.Ruleset().DeckByName(a.Text); ok {
						// named here, the deck is the game's: no player plays it
						d.Game = true
					} else {
						var names []string
						for _, d := range v.Ruleset().Decks {
							names = append(names, d.Name)
						}
						v.Errorf(createDeckArgs.Deck, "unknown-deck", "unknown deck %q%s", a.Text, v.Suggest(a.Text, names))
					}
				}
			},
			Exec: func(g model.Context, f *state.Frame, s *model.Step) (model.Status, error) {
				p, err := args.Player(g, f, s.At(createDeckArgs.Player))
				if err != nil {
					return model.Next, err
				}
				deck := g.DeckOf(p)
				if a := s.At(createDeckArgs.Deck); a.Set {
					deck, _ = g.Ruleset().DeckByName(a.Text)
				}
				if deck == nil {
					return model.Next, fmt.Errorf("%s has no deck", state.SeatName(p))
				}
				owner := p
				if a := s.At(createDeckArgs.Owner); a.Set {
					if owner, err = args.Player(g, f, a); err != nil {
						return model.Next, err
					}
				}
				n := 0
				for _, e := range deck.Entries {
					n += e.Count
				}
				if g.CardTotal()+n > maxGameCards {
					return model.Next, fmt.Errorf("a game has at most %d cards (it has %d; the deck %s would make %d)", maxGameCards, g.CardTotal(), deck.Name, n)
				}
				for _, e := range deck.Entries {
					zone := s.At(createDeckArgs.To).Zone
					if e.Zone >= 0 {
						zone = e.Zone // a deck split by zone fills each of its zones
					}
					g.CreateCards(e.Def, owner, g.ZoneInst(zone, p), e.Count)
				}
				g.MarkDirty()
				return model.Next, nil
			},
		},
	}
}

func validateCardID(v model.Validator, s *model.Step) {
	id := s.At(createArgs.ID).Text
	if _, ok := v.Ruleset().CardByID(id); !ok {
		var ids []string
		for _, d := range v.Ruleset().Cards {
			ids = append(ids, d.ID)
		}
		v.Errorf(createArgs.ID, "unknown-card", "unknown card %q%s", id, v.Suggest(id, ids))
	}
}

func execMove(g model.Context, f *state.Frame, s *model.Step) (model.Status, error) {
	cards, err := args.CardsCopy(g, f, s.At(moveArgs.Cards))
	if err != nil {
		return model.Next, err
	}
	o := state.MoveOpts{Slot: -1, Source: int(f.This)}
	if a := s.At(moveArgs.Controller); a.Set {
		p, err := g.EvalPlayer(a.Expr, f)
		if err != nil {
			return model.Next, err
		}
		o.Control, o.Controller = p >= 0, p
	}
	switch args.WordAt(s.At(moveArgs.Position), posTop) {
	case posBottom:
		o.Where = state.Bottom
	case posRandom:
		o.Where = state.Random
	}
	switch args.WordAt(s.At(moveArgs.Facing), faceAsZone) {
	case faceDown:
		o.Facing = state.FacingDown
	case faceUp:
		o.Facing = state.FacingUp
	}
	if a := s.At(moveArgs.Slot); a.Set {
		o.Slot, err = g.EvalInt(a.Expr, f)
		if err != nil {
			return model.Next, err
		}
	}
	if o.Quiet, err = args.Bool(g, f, s.At(moveArgs.Quiet), false); err != nil {
		return model.Next, err
	}
	if o.Unseen, err = args.Bool(g, f, s.At(moveArgs.Unseen), false); err != nil {
		return model.Next, err
	}
	owner := -1
	if a := s.At(moveArgs.Owner); a.Set {
		owner, err = g.EvalPlayer(a.Expr, f)
		if err != nil {
			return model.Next, err
		}
	}
	if len(cards) > 1 {
		o.Batch = cards
	}
	for _, c := range cards {
		p := owner
		if p < 0 {
			p = int(g.Card(c).Owner)
		}
		if err := g.Move(c, g.ZoneInst(s.At(moveArgs.To).Zone, p), o); err != nil {
			return model.Next, err
		}
	}
	return model.Next, nil
}

func execDraw(g model.Context, f *state.Frame, s *model.Step) (model.Status, error) {
	p, err := args.Player(g, f, s.At(drawArgs.Player))
	if err != nil {
		return model.Next, err
	}
	from, to := s.At(drawArgs.From).Zone, s.At(drawArgs.To).Zone
	rs := g.Ruleset()
	if p < 0 && (rs.Zones[from].PerPlayer || rs.Zones[to].PerPlayer) {
		// between two shared zones nobody need draw (a market dealt from its
		// stock); a player's zone needs its player, and a draw that silently
		// did nothing would hide the slip
		return model.Next, fmt.Errorf("draw from %s to %s has no player: the one named is nobody (you in an effect of a card nobody owns is nobody); name one with player: (active, say)", rs.Zones[from].Name, rs.Zones[to].Name)
	}
	n, err := args.Int(g, f, s.At(drawArgs.Count), 1)
	if err != nil {
		return model.Next, err
	}
	quiet, err := args.Bool(g, f, s.At(drawArgs.Quiet), false)
	if err != nil {
		return model.Next, err
	}
	var drawn []int // the cards drawn, when the step names them (as)
	as := s.At(drawArgs.As)
	short := false
	for i := 0; i < n; i++ {
		ok, err := g.Draw(p, from, to, quiet)
		if err != nil {
			return model.Next, err
		}
		if !ok {
			short = true
			if g.Logging() && !quiet {
				if !rs.Zones[from].PerPlayer && !rs.Zones[to].PerPlayer {
					g.Logf("draw", p, "The %s is empty: nothing more goes to the %s.", rs.Zones[from].Name, rs.Zones[to].Name)
				} else {
					g.Logf("draw", p, "%s cannot draw: no cards are left.", state.SeatName(p))
				}
			}
			break
		}
		if as.Set {
			zc := g.ZoneCards(g.ZoneInst(to, p))
			drawn = append(drawn, zc[len(zc)-1])
		}
	}
	// the list is this step's own: bound without a copy (an empty one as
	// ListVal gives it)
	if drawn == nil {
		drawn = []int{}
	}
	args.Bind(g, f, as, state.Val{L: drawn})
	if short {
		if a := s.At(drawArgs.IfEmpty); a.Set {
			g.CoverBranch(s, "if_empty")
			g.Call(f, a.Prog)
		}
	}
	return model.Next, nil
}

func execPassZone(g model.Context, f *state.Frame, s *model.Step) (model.Status, error) {
	zone, to := s.At(passZoneArgs.Zone).Zone, s.At(passZoneArgs.Zone).Zone
	if a := s.At(passZoneArgs.To); a.Set {
		to = a.Zone
	}
	var givers []int
	if a := s.At(passZoneArgs.Players); a.Set {
		ps, err := g.EvalPlayers(a.Expr, f)
		if err != nil {
			return model.Next, err
		}
		givers = ps
	} else {
		for i := 0; i < g.Players(); i++ {
			if p := (int(f.You) + i) % g.Players(); !g.Lost(p) {
				givers = append(givers, p)
			}
		}
	}
	quiet, err := args.Bool(g, f, s.At(passZoneArgs.Quiet), false)
	if err != nil {
		return model.Next, err
	}
	type gift struct {
		from, to int
		cards    []int
	}
	var gifts []gift
	var cards, dsts []int
	seen := map[int]bool{}
	for _, p := range givers {
		if p < 0 || seen[p] {
			continue
		}
		seen[p] = true
		r := g.NextLive(p)
		if a := s.At(passZoneArgs.Receiver); a.Set {
			fr := *f
			fr.You = state.Seat(p)
			r, err = g.EvalPlayer(a.Expr, g.TempFrame(fr))
			g.ReleaseFrame()
			if err != nil {
				return model.Next, err
			}
		}
		if r < 0 || r == p && to == zone {
			continue
		}
		held := append([]int(nil), g.ZoneCards(g.ZoneInst(zone, p))...)
		if len(held) == 0 {
			continue
		}
		gifts = append(gifts, gift{p, r, held})
		for _, c := range held {
			cards = append(cards, c)
			dsts = append(dsts, g.ZoneInst(to, r))
		}
	}
	o := state.MoveOpts{Slot: -1, Source: int(f.This), Quiet: true}
	if args.WordAt(s.At(passZoneArgs.Position), posTop) == posBottom {
		o.Where = state.Bottom
	}
	if err := g.MoveTogether(cards, dsts, o, true); err != nil {
		return model.Next, err
	}
	if !quiet {
		zn, tn := g.Ruleset().Zones[zone].Name, g.Ruleset().Zones[to].Name
		for _, gf := range gifts {
			if g.Logging() {
				g.LogCards("pass", gf.from, gf.cards, "%s passes {cards} from their %s to %s's %s.", state.SeatName(gf.from), zn, state.SeatName(gf.to), tn)
			}
		}
	}
	return model.Next, nil
}

// The indexes of the primitives' arguments, filled at registration.
// The words of move's position (pass_zone's are the first two) and of its
// facing, by index.
const (
	posTop = iota
	posBottom
	posRandom
)

const (
	faceAsZone = iota
	faceUp
	faceDown
)

var (
	positionWords = [...]string{posTop: "top", posBottom: "bottom", posRandom: "random"}
	facingWords   = [...]string{faceAsZone: "zone", faceUp: "up", faceDown: "down"}
)

var (
	moveArgs     struct{ Cards, To, Owner, Position, Facing, Slot, Controller, Quiet, Unseen model.ArgIndex }
	drawArgs     struct{ Player, Count, From, To, IfEmpty, As, Quiet model.ArgIndex }
	passZoneArgs struct{ Zone, Receiver, To, Players, Position, Quiet model.ArgIndex }
	shuffleArgs  struct{ Zone, Owner model.ArgIndex }
	revealArgs   struct{ Cards, Players, Quiet model.ArgIndex }
	lookArgs     struct{ Cards, Player model.ArgIndex }
	flipArgs     struct{ Cards, FaceDown, Face, Quiet model.ArgIndex }
	createArgs   struct {
		ID                                  model.ArgIndex `arg:"id"`
		CopyOf, Count, To, Owner, As, Quiet model.ArgIndex
	}
	controlArgs    struct{ Cards, Player model.ArgIndex }
	createDeckArgs struct{ Player, To, Deck, Owner model.ArgIndex }
)
