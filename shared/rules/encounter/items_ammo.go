package encounter

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"chronicler/shared/campaign"
	"chronicler/shared/dice"
	"chronicler/shared/rules"
	"chronicler/shared/srd"
)

// Magic ammunition (Ammunition, +1, +2 or +3): a piece adds its bonus
// to the attack and damage rolls of the shot that spends it, and the
// attack is magical. The pieces are counted among the character's
// ammunition (Participant.Ammo, one spent a shot) and apart in its
// Quiver, which says which the shot is: the one the attack names
// (Action.Item), else the best magic piece left, the plain ones last.
// Once a piece hits a target it is no longer magical (SRD), so the fight
// counts the hits of each kind: of the half of the ammunition spent that
// is found after a battle (AmmoDiff.Recovered), each magic kind finds
// half of its pieces that missed, still magic, and the rest comes back
// plain. Which pieces lie where is nothing the fight knows; half of each
// kind is the even reading of the SRD's half.

// MagicAmmo is one kind of magic ammunition a character carries: the
// ammunition it enchants (an SRD id: "arrow"), its magic item
// ("ammunition-1") and bonus, the pieces left, those shot and, of those,
// the ones that hit.
type MagicAmmo struct {
	Ammo  string `json:"ammo"`
	Magic string `json:"magic"`
	Bonus int    `json:"bonus"`
	Left  int    `json:"left"`
	Shot  int    `json:"shot,omitempty"`
	Hit   int    `json:"hit,omitempty"`
}

// MagicAmmoDiff is what a character shot of one magic ammunition in a
// fight (AmmoDiff's, the ammunition it enchants by Ammo): the pieces
// spent, those of them that hit (plain now, wherever they lie) and those
// found again still magic.
type MagicAmmoDiff struct {
	Ammo      string `json:"ammo"`
	Magic     string `json:"magic"`
	Spent     int    `json:"spent"`
	Hit       int    `json:"hit,omitempty"`
	Recovered int    `json:"recovered"`
}

// magicAmmo is the bonus of magic item id when it is magic ammunition,
// 0 otherwise.
func magicAmmo(id string) int {
	if m, ok := srd.LookupMagicItem(id); ok && m.Enchants == "ammunition" {
		return m.Bonus
	}
	return 0
}

// quiverOf are the magic pieces in inv of the ammunition counted in ammo
// (Participant.Ammo), the best first.
func quiverOf(inv []campaign.Item, ammo map[string]int) []MagicAmmo {
	var out []MagicAmmo
	for _, it := range inv {
		bonus := magicAmmo(it.Magic)
		if bonus == 0 || it.Qty < 1 {
			continue
		}
		for a := range ammo {
			if campaign.Pieces([]campaign.Item{it}, a) == 0 {
				continue
			}
			if i := slices.IndexFunc(out, func(q MagicAmmo) bool { return q.Ammo == a && q.Magic == it.Magic }); i >= 0 {
				out[i].Left += it.Qty
			} else {
				out = append(out, MagicAmmo{Ammo: a, Magic: it.Magic, Bonus: bonus, Left: it.Qty})
			}
		}
	}
	slices.SortStableFunc(out, func(a, b MagicAmmo) int { return cmp.Compare(b.Bonus, a.Bonus) })
	return out
}

// aPiece is one piece of magic ammunition as a sentence says it: "a +1
// arrow".
func aPiece(q MagicAmmo) string {
	return fmt.Sprintf("a +%d %s", q.Bonus, strings.TrimSuffix(ammunitionNames(q.Ammo), "s"))
}

// named reports whether the attack's item names the magic piece q: its
// magic item's id or name ("ammunition-1", "Ammunition, +1"), or the
// stack's ("Arrow, +1"). An attack that names no item names none, and
// costs no look-up on a shot's way.
func (q MagicAmmo) named(item string) bool {
	if item == "" {
		return false
	}
	name, _ := srd.MagicName(q.Ammo, q.Magic)
	m, _ := srd.LookupMagicItem(q.Magic)
	return slices.Contains([]string{q.Magic, slug(m.Name), slug(name)}, slug(item))
}

// plain reports whether the attack's item names ammo's plain pieces:
// "arrow", "arrows".
func plain(ammo, item string) bool {
	return slug(item) == ammo || slug(item) == ammo+"s"
}

// aimable refuses an attack with w whose item names no ammunition p can
// shoot from it: a weapon that shoots none, a piece it does not carry or
// has none left of.
func aimable(p Participant, w srd.Weapon, item string) error {
	if item == "" {
		return nil
	}
	a := ammunitionOf(w)
	if a == "" {
		return refuse(InvalidArgs, "action.item", "%s shoots no ammunition", aWeapon(w))
	}
	if plain(a, item) {
		if p.Ammo != nil && p.Ammo[a]-magicLeft(p, a) < 1 {
			return refuse(NotAllowed, "action.item", "%s has no plain %s left", p.Name, ammunitionNames(a))
		}
		return nil
	}
	for _, q := range p.Quiver {
		if q.Ammo == a && q.named(item) {
			if q.Left < 1 {
				return refuse(NotAllowed, "action.item", "%s has no %s left", p.Name, strings.TrimPrefix(aPiece(q), "a ")+"s")
			}
			return nil
		}
	}
	return refuse(NotAllowed, "action.item", "%s carries no %q to shoot from %s", p.Name, truncate(item, 40), aWeapon(w))
}

// magicLeft is how many magic pieces of ammunition a participant p has
// left.
func magicLeft(p Participant, a string) int {
	n := 0
	for _, q := range p.Quiver {
		if q.Ammo == a {
			n += q.Left
		}
	}
	return n
}

// nock is attack req with the piece of ammunition participant ai shoots
// from w, already spent from its Ammo (shoot): the magic piece item
// names; a plain one when item names those, or names magic pieces all
// shot (Extra Attack's second shot); else, or when no plain one is left,
// the best magic piece left. A magic piece's bonus goes to both
// rolls; Nocked says which it is until the shot is done (loosed).
func (e *Encounter) nock(res *Result, ai int, w srd.Weapon, item string, req rules.AttackRequest) rules.AttackRequest {
	p := &e.Participants[ai]
	p.Nocked = ""
	a := ammunitionOf(w)
	if a == "" || p.Ammo == nil || magicLeft(*p, a) == 0 {
		return req
	}
	plainLeft := p.Ammo[a] + 1 - magicLeft(*p, a) // shoot took this shot's piece already
	named := slices.IndexFunc(p.Quiver, func(q MagicAmmo) bool { return q.Ammo == a && q.named(item) })
	best := slices.IndexFunc(p.Quiver, func(q MagicAmmo) bool { return q.Ammo == a && q.Left > 0 })
	i := best
	switch {
	case named >= 0 && p.Quiver[named].Left > 0:
		i = named
	case item != "" && plainLeft > 0:
		return req // the plain ones named, or the named magic ones spent
	}
	p.Quiver = slices.Clone(p.Quiver)
	q := &p.Quiver[i]
	q.Left--
	q.Shot++
	p.Nocked = q.Magic
	req.Bonus += q.Bonus
	if len(req.Damage) > 0 {
		req.Damage = slices.Clone(req.Damage)
		if x, err := dice.Parse(plus(req.Damage[0].Dice.String(), q.Bonus)); err == nil {
			req.Damage[0].Dice = x
		}
	}
	res.say(fmt.Sprintf("%s shoots %s.", p.Name, aPiece(*q)))
	return req
}

// plus is dice d with n more, folded into its modifier where it ends in
// one ("1d8+1" and 1 are "1d8+2"), so the roll reads as the SRD's.
func plus(d string, n int) string {
	if i := strings.LastIndexAny(d, "+-"); i > 0 {
		if k, err := strconv.Atoi(d[i:]); err == nil {
			return withModifier(d[:i], k+n)
		}
	}
	return withModifier(d, n)
}

// loosed ends the shot whose attack is res.Attacks[at]: a magic piece
// that hit is no longer magical (SRD), counted so (MagicAmmo.Hit).
func (e *Encounter) loosed(res *Result, ai, at int) {
	p := &e.Participants[ai]
	magic := p.Nocked
	p.Nocked = ""
	if magic == "" || at >= len(res.Attacks) || !res.Attacks[at].Hit {
		return
	}
	for i, q := range p.Quiver {
		if q.Magic == magic && q.Shot > q.Hit {
			p.Quiver[i].Hit++
			res.say(fmt.Sprintf("The %s that hit is no longer magical.", strings.TrimPrefix(aPiece(q), "a ")))
			return
		}
	}
}

// magicSpent are the magic pieces of ammunition participant p shot,
// and, when the party searches the battlefield after the battle
// (recovered), those found still magic: of each kind half of its pieces
// that missed, rounded down. The rest of what is found (AmmoDiff's half
// of all spent), and every piece that hit, is plain.
func magicSpent(p Participant, recovered bool) []MagicAmmoDiff {
	var out []MagicAmmoDiff
	for _, q := range p.Quiver {
		if q.Shot == 0 {
			continue
		}
		d := MagicAmmoDiff{Ammo: q.Ammo, Magic: q.Magic, Spent: q.Shot, Hit: q.Hit}
		if recovered {
			d.Recovered = (q.Shot - q.Hit) / 2
		}
		out = append(out, d)
	}
	return out
}

// spendAmmo is inv with what a character shot of one ammunition (a) and
// did not find again taken off its stacks: each magic kind's (magic)
// from its own, the plain pieces from the plain stacks, and the plain
// ones found beyond those shot (magic pieces that hit, plain now) put on
// them. An encounter stored before the fight knew magic pieces from
// plain ones spends them as it did: from the first stacks.
func spendAmmo(inv []campaign.Item, a AmmoDiff, magic []MagicAmmoDiff) []campaign.Item {
	spent, found := a.Spent, a.Recovered
	for _, m := range magic {
		if m.Ammo != a.ID {
			continue
		}
		inv = campaign.SpendOf(inv, a.ID, m.Magic, m.Spent-m.Recovered)
		spent, found = spent-m.Spent, found-m.Recovered
	}
	switch n := spent - found; {
	case n > 0:
		before := campaign.Pieces(inv, a.ID)
		inv = campaign.SpendOf(inv, a.ID, "", n)
		inv = campaign.Spend(inv, a.ID, n-(before-campaign.Pieces(inv, a.ID)))
	case n < 0:
		i := slices.IndexFunc(inv, func(it campaign.Item) bool {
			return it.Magic == "" && campaign.Pieces([]campaign.Item{it}, a.ID) > 0
		})
		if i < 0 {
			return campaign.GiveMagic(inv, campaign.Item{Item: a.ID}, -n)
		}
		inv = slices.Clone(inv)
		inv[i].Qty -= n
	}
	return inv
}
