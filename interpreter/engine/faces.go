package engine

import "github.com/arbiter-games/arbiter/interpreter/model"

// showFace turns a card to one of its faces: every property some face of
// the card sets reads the new face's value, or the card's own when that
// face does not set it (a card turned back to a face that sets nothing
// loses what the other face gave it).
func (g *machine) showFace(c, face int) {
	ci := &g.S.Cards[c]
	d := g.Rs.Cards[ci.Def]
	if face < 0 || face >= len(d.Faces) {
		return
	}
	ci.Face = int8(face)
	base := c * g.Stride()
	if d.FaceProps != nil {
		// the values written out at load (Ruleset.IndexFaces)
		for j, k := range d.FaceProps {
			g.S.CardProps[base+k] = d.Faces[face].Shown[j]
		}
		return
	}
	for i := range d.Faces {
		for k := range d.Faces[i].Props {
			v, ok := d.Faces[face].Props[k]
			if !ok {
				v = d.Props[k]
			}
			g.S.CardProps[base+k] = v
		}
	}
}

// faceParts is the card properties a card's faces set: those a change of
// its face may change (none for a card with one face).
func (g *machine) faceParts(d *model.CardDef) model.ReadSet {
	if d.FaceProps != nil {
		return d.FaceReads // worked out at load (Ruleset.IndexFaces)
	}
	var parts model.ReadSet
	for _, fc := range d.Faces {
		for k := range fc.Props {
			parts |= g.Rs.CardPropReads(k)
		}
	}
	return parts
}
