package stdlib

import "github.com/arbiter-games/arbiter/interpreter/model"

// positionFunctions read the positions of positional zones.
func positionFunctions() []*model.Func {
	return []*model.Func{
		{
			Name: "free_adjacent", Family: "zones",
			Doc:     "How many empty positions are adjacent to a card's position: the neighbouring numbers of its positional zone and the same number of the zones declared beside it (0 for a card in no positional zone).",
			Params:  []model.Type{model.TCard},
			Names:   []string{"card"},
			Result:  model.TInt,
			Example: "free_adjacent(this) > 0",
			Reads:   model.FuncReadsPlaces,
			Fn: func(g *model.Evaluator, a []model.Datum) model.Datum {
				c := int(a[0].N)
				if a[0].K != model.DCard || c < 0 || c >= len(g.S.Cards) {
					return model.Datum{K: model.DInt}
				}
				zi := int(g.S.Cards[c].Zone)
				if g.Rs.Zones[g.S.Zones[zi].Kind].Slots == 0 {
					return model.Datum{K: model.DInt}
				}
				n := 0
				var room [4]model.Position
				for _, p := range g.AdjacentPositions(room[:0], zi, int(g.SlotOf(c))) {
					if g.CardAt(p.Zone, p.Slot) < 0 {
						n++
					}
				}
				return model.Datum{K: model.DInt, N: int64(n)}
			},
		},
	}
}
