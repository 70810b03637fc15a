package turn

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"chronicler/shared/campaign"
	"chronicler/shared/dice"
	"chronicler/shared/rules"
	"chronicler/shared/rules/encounter"
	"chronicler/shared/rules/spell"
	"chronicler/shared/srd"
	"chronicler/shared/world"
)

// MoveTime is the game time a move to a neighbouring area takes (the map
// keeps no distances).
const MoveTime = campaign.Minute

// slowChecks are the skills whose check takes a minute of searching,
// tracking or studying; any other check takes a round.
var slowChecks = []string{"investigation", "survival", "nature", "history", "arcana", "religion"}

// elapsed is the game time a turn decided out of a fight takes: a move a
// minute, a rest its hour or eight, a spell its casting time, a check a
// round or a minute, preparing spells a minute per spell level, any other
// action a round; words take none.
func elapsed(r request, d Decision) int64 {
	switch r.in.Kind {
	case "say":
		return 0
	case "move":
		return MoveTime
	case "rest":
		if r.in.Rest == "short" {
			return campaign.Hour
		}
		return 8 * campaign.Hour
	case "check":
		if slices.Contains(slowChecks, strings.ToLower(r.in.Skill)) {
			return campaign.Minute
		}
	case "cast":
		if sp, ok := srd.LookupSpell(r.in.Spell); ok {
			return castingTime(sp.CastingTime)
		}
	case "prepare":
		// A minute of study or prayer per spell level of each spell.
		n := int64(0)
		for _, id := range r.in.Spells {
			if sp, ok := srd.LookupSpell(id); ok {
				n += int64(sp.Level)
			}
		}
		return max(n, 1) * campaign.Minute
	}
	return campaign.Round
}

// castingTime reads a spell's casting time ("1 action", "10 minutes",
// "1 hour") as game time; a round when it names none.
func castingTime(s string) int64 {
	f := strings.Fields(strings.ToLower(s))
	if len(f) >= 2 {
		n, err := strconv.Atoi(f[0])
		if err == nil && n > 0 {
			switch strings.TrimSuffix(f[1], "s") {
			case "minute":
				return int64(n) * campaign.Minute
			case "hour":
				return int64(n) * campaign.Hour
			}
		}
	}
	return campaign.Round
}

// Settle is what the passing of game time does to the characters out of
// a fight once a turn is decided, at d.Clock (the view's clock if the
// turn took none): the lasting effects whose time is up end, and those
// whose caster's concentration has ended (campaign.Expire); a character
// stable at 0 HP has its 1d4 hours to wake rolled, and wakes with 1 HP
// once they have passed. fighting are the characters in a fight under
// way after the turn, whose effects the fight keeps; chars are the
// campaign's sheets before the turn (d.Changed are over them). The sheets
// it changes join d.Changed; its rolls, d.Rolls.
func Settle(chars []campaign.Character, fighting []string, clock int64, d *Decision, src dice.Source) {
	d.Clock = max(d.Clock, clock)
	now := make([]campaign.Character, 0, len(chars))
	for _, ch := range chars {
		if i := slices.IndexFunc(d.Changed, func(c campaign.Character) bool { return c.ID == ch.ID }); i >= 0 {
			ch = d.Changed[i]
		}
		if !slices.Contains(fighting, ch.ID) {
			now = append(now, ch)
		}
	}
	var changed []campaign.Character
	for _, ch := range campaign.Expire(now, d.Clock) {
		i := slices.IndexFunc(now, func(c campaign.Character) bool { return c.ID == ch.ID })
		now[i] = ch
		changed = append(changed, ch)
	}
	var told []string
	for i, ch := range now {
		if ch.HP > 0 || ch.IsDead() || !ch.Stable {
			continue
		}
		switch {
		case ch.WakesAt == 0:
			roll := dice.Roll(wakeDie, src)
			ch.WakesAt = d.Clock + int64(max(roll.Total, 1))*campaign.Hour
			d.Rolls = append(d.Rolls, Rolls([]rules.Roll{{Reason: "hours to recover", RollerID: ch.ID, Result: roll}})...)
			told = append(told, fmt.Sprintf("%s, stable at 0 HP, will come to in %d hours.", ch.Name, max(roll.Total, 1)))
		case ch.WakesAt <= d.Clock:
			ch = wake(ch)
			told = append(told, ch.Name+", stable at 0 HP, regains 1 HP and wakes.")
		default:
			continue
		}
		now[i] = ch
		changed = put(changed, ch)
	}
	for _, ch := range changed {
		d.Changed = put(d.Changed, ch)
	}
	if len(told) > 0 {
		d.Summary = strings.TrimSpace(d.Summary + " " + strings.Join(told, " "))
	}
}

// put is sheets with ch in place of the sheet of its id, or added last.
func put(sheets []campaign.Character, ch campaign.Character) []campaign.Character {
	if i := slices.IndexFunc(sheets, func(c campaign.Character) bool { return c.ID == ch.ID }); i >= 0 {
		sheets[i] = ch
		return sheets
	}
	return append(sheets, ch)
}

// wakeDie is the hours a stable creature takes to regain 1 hit point.
var wakeDie = dice.MustParse("1d4")

// wake is a stable character regaining 1 hit point: it wakes
// (unconscious goes, prone stays) and its death saves are reset.
func wake(ch campaign.Character) campaign.Character {
	ch.HP, ch.Stable, ch.WakesAt, ch.DeathSaves = 1, false, 0, campaign.DeathSaves{}
	ch.Conditions = slices.DeleteFunc(slices.Clone(ch.Conditions), func(c string) bool { return c == "unconscious" })
	return ch
}

// fightersOf are the characters in the fight the decision leaves under
// way (none once it has ended).
func fightersOf(e *encounter.Encounter) []string {
	if e == nil || e.Status != encounter.Active {
		return nil
	}
	var out []string
	for _, p := range e.Participants {
		if p.CharacterID != "" {
			out = append(out, p.CharacterID)
		}
	}
	return out
}

// AreaOf is the area of the map a character is in: its own (each
// character has one), the starter area when the map does not know it.
func AreaOf(m world.Map, ch campaign.Character) world.Area {
	return m.Areas[areaOf(m, ch)]
}

// SceneOf is the scene as the character's player has it: the table's
// scene, in the character's own area.
func SceneOf(v View, ch campaign.Character) campaign.Scene {
	sc := v.Scene
	if a := AreaOf(v.Map, ch); a.Name != "" {
		sc.Location = a.Name
	}
	return sc
}

// lasting puts on the target sheets the lasting effects a spell cast out
// of a fight leaves (res.Effects), until their time from clock; a
// concentration spell that leaves none marks its caster's concentration
// with its duration.
func lasting(sheets map[string]campaign.Character, sp srd.Spell, res spell.Result, clock int64) {
	stored := false
	for _, fx := range res.Effects {
		ch, ok := sheets[fx.TargetID]
		if !ok {
			continue
		}
		down := ch.HP <= 0 && !ch.IsDead()
		ch = ch.WithEffect(encounter.Lasting(fx, res.SlotLevel, encounter.LastingUntil(fx, sp, clock)))
		if down && fx.MaxHP > 0 {
			// Aid's hit points are healing: a character at 0 wakes.
			ch = wake(ch)
			ch.HP = min(fx.MaxHP, ch.MaxHP)
		}
		sheets[fx.TargetID] = ch
		stored = true
	}
	if !res.Concentration || stored {
		return
	}
	if ch, ok := sheets[res.CasterID]; ok {
		fx := spell.Effect{ID: campaign.ConcentrationMark, Spell: sp.ID, CasterID: res.CasterID, TargetID: res.CasterID,
			Concentration: true, Ends: sp.Duration, Note: "concentrating"}
		sheets[res.CasterID] = ch.WithEffect(encounter.Lasting(fx, res.SlotLevel, encounter.LastingUntil(fx, sp, clock)))
	}
}
