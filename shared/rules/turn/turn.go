package turn

import (
	"slices"
	"strings"

	"chronicler/shared/campaign"
	"chronicler/shared/dice"
	"chronicler/shared/fault"
	"chronicler/shared/intent"
	"chronicler/shared/rules"
	"chronicler/shared/rules/encounter"
	"chronicler/shared/rules/spell"
	"chronicler/shared/srd"
	"chronicler/shared/world"
)

// op is the operation of the rules' refusals.
const op = "rules"

// View is what the rules read of a campaign to decide a turn.
type View struct {
	// Allowlist is the intent kinds the table plays with
	// (campaign.Settings.Allowlist); empty allows them all.
	Allowlist []string
	// Map is the campaign's area map (its starter map until it has one).
	Map world.Map
	// Scene is where the party is now.
	Scene campaign.Scene
	// Characters are the campaign's characters: the targets a spell may
	// name and the creatures words may.
	Characters []campaign.Character
	// Encounter is the encounter under way, as stored; nil when none is.
	Encounter *campaign.EncounterRecord
	// Clock is the game time (campaign.State.Clock) the turn begins at.
	Clock int64
}

// Action is what a player asked of a turn: an intent (a button's, already
// decoded by the wire) or, when Intent is nil, free text for Decide to read.
type Action struct {
	Intent *intent.Intent
	Text   string
	// Choices are what the actor chose at the hits of its attacks so far
	// (Divine Smite, Stunning Strike: encounter.ActWith), with the seed of
	// their own dice; none on the turn's first play.
	Choices encounter.Reactions
}

// Decision is what the rules decided for a turn, before any narration.
type Decision struct {
	Intent  *intent.Intent // nil when free text was not understood: the turn is narrative
	Rolls   []campaign.Roll
	Summary string               // the rules result the narrator must agree with
	Changed []campaign.Character // sheets the turn changes, at the versions read
	Scene   *campaign.Scene      // the new scene, when the turn moves it
	// Encounter is the encounter as the turn leaves it, when one is under way.
	Encounter *campaign.EncounterRecord
	// Reactions are those characters took during a monster's turn (the
	// use case's monster turns fill it; Decide never does).
	Reactions []campaign.AppliedReaction
	// Clock is the game time once the turn is done: the view's, plus the
	// time it took (a move, a rest, a spell's casting; a fight's rounds).
	Clock int64
	// fighting are the characters in the fight the turn leaves under way.
	fighting []string
	// Leveled is what a level up gave the character it raised (level_up),
	// for the table to hear of.
	Leveled []campaign.Leveled
	// Fight is what the encounter made of the actor's action in a fight:
	// its openings, where the actor may still choose what a hit does
	// (encounter.ActWith), and the choices applied; nil out of a fight.
	Fight *encounter.Result
}

// request is one decision in the making.
type request struct {
	v     View
	actor campaign.Character
	sheet rules.Combatant // the actor as the rules compute with it
	in    intent.Intent
	src   dice.Source
	// enc is the view's encounter, decoded once for the turn; nil when
	// none is under way.
	enc *encounter.Encounter
	// choices are the actor's choices at its hits (Action.Choices).
	choices encounter.Reactions
	// fighting are the characters in the fight under way, kept for an
	// outsider's turn, which plays with no encounter (here).
	fighting []string
}

// fight is the encounter under way the request decides in, decoded once
// (Decide); false when there is none.
func (r request) fight() (encounter.Encounter, bool, error) {
	switch {
	case r.v.Encounter == nil:
		return encounter.Encounter{}, false, nil
	case r.enc != nil:
		return *r.enc, true, nil
	}
	e, err := encounter.FromRecord(*r.v.Encounter)
	return e, err == nil, err
}

// Decide runs the rules on a turn: the action's intent, or its text read
// into one (text Read cannot read is narrative: a Decision with no Intent
// and no error). A refused intent is a fault.Invalid with a reason from
// the rules' vocabulary (fault.NotAllowed, fault.OutOfRange,
// fault.ActorStateRestricted, ...); an encounter the view holds that does
// not decode is Internal. Every roll comes from src, so the same seed
// decides the same turn.
//
// The turn takes game time (Decision.Clock), and what that time does to
// the characters out of a fight is part of the decision (Settle).
// Each character has its own area: one not in the fight under way plays
// out of it, and joins it by coming into its area.
func Decide(v View, actor campaign.Character, a Action, src dice.Source) (Decision, error) {
	d, err := decideWords(v, actor, a, src)
	if err != nil || d.Intent == nil {
		return d, err
	}
	Settle(v.Characters, d.fighting, v.Clock, &d, src)
	wakeClones(&d)
	return d, nil
}

// wakeClones wakes in its clone each character the turn left dead that
// had one (Clone: a death anywhere, a curse's day as much as a blow in a
// fight, whose end wakes its own dead: encounter.CharacterUpdates).
func wakeClones(d *Decision) {
	for i, ch := range d.Changed {
		if woke, ok := spell.Cloned(ch); ok {
			d.Changed[i] = woke
			d.Summary += " " + ch.Name + "'s soul wakes in a clone, far from the body."
		}
	}
}

// decideWords decides the action, and for words that name a quick feature
// and an action ("I rage and attack the brute") both in turn: the
// feature, keeping the turn open, then the action on what the feature
// left (the encounter, the sheets, the clock), as one decision with the
// rolls of both in order.
func decideWords(v View, actor campaign.Character, a Action, src dice.Source) (Decision, error) {
	if a.Intent != nil {
		return decide(v, actor, a, src)
	}
	var enc *encounter.Encounter
	if v.Encounter != nil {
		e, err := encounter.FromRecord(*v.Encounter)
		if err != nil {
			return Decision{}, err
		}
		enc = &e
	}
	pc := parseContext(v, actor, enc)
	read, ok := intent.ParseAll(a.Text, pc)
	if !ok {
		if what := intent.Unread(a.Text, pc); what != "" {
			// Words that ask the rules for something they cannot read
			// are answered, never told as done.
			return Decision{}, fault.Refuse(op, "text", fault.InvalidArgs,
				"the rules could not read that as one action (%s): say one thing at a time, as \"attack Goblin 1 with my longsword\", \"cast fire bolt at Goblin 1\" or \"use Rage\", or use the buttons", what)
		}
		return decide(v, actor, a, src)
	}
	if len(read) == 1 {
		return decide(v, actor, a, src)
	}
	first, then := read[0], read[1]
	d1, err := decide(v, actor, Action{Intent: &first}, src)
	if err != nil {
		return d1, err
	}
	if d1.Fight != nil && len(d1.Fight.Attacks) > 0 {
		// Choices at hits are numbered from the action's first; a first
		// part with attacks of its own is one action at a time.
		return Decision{Intent: &first}, fault.Refuse(op, "intent", fault.NotAllowed, "one action at a time here: %s first, then the rest", first.Feature)
	}
	v2, actor2 := v, actor
	v2.Characters = slices.Clone(v.Characters)
	for _, ch := range d1.Changed {
		if i := slices.IndexFunc(v2.Characters, func(c campaign.Character) bool { return c.ID == ch.ID }); i >= 0 {
			v2.Characters[i] = ch
		}
		if ch.ID == actor.ID {
			actor2 = ch
		}
	}
	if d1.Encounter != nil {
		v2.Encounter = d1.Encounter
	}
	if d1.Clock != 0 {
		v2.Clock = d1.Clock
	}
	d2, err := decide(v2, actor2, Action{Intent: &then, Choices: a.Choices}, src)
	if err != nil {
		return d2, err
	}
	return joined(d1, d2), nil
}

// joined is two decisions of one turn as one: the second's intent and
// encounter, both's rolls, summaries, sheets (the later's kept) and
// choices, the second's openings counted after the first's rolls.
func joined(d1, d2 Decision) Decision {
	out := d2
	out.Rolls = slices.Concat(d1.Rolls, d2.Rolls)
	out.Summary = strings.TrimSpace(d1.Summary + " " + d2.Summary)
	out.Changed = slices.Clone(d1.Changed)
	for _, ch := range d2.Changed {
		if i := slices.IndexFunc(out.Changed, func(c campaign.Character) bool { return c.ID == ch.ID }); i >= 0 {
			out.Changed[i] = ch
		} else {
			out.Changed = append(out.Changed, ch)
		}
	}
	if out.Scene == nil {
		out.Scene = d1.Scene
	}
	if out.Encounter == nil {
		out.Encounter = d1.Encounter
	}
	out.Reactions = slices.Concat(d1.Reactions, d2.Reactions)
	out.Leveled = slices.Concat(d1.Leveled, d2.Leveled)
	if d2.Fight != nil && len(d1.Rolls) > 0 {
		f := *d2.Fight
		f.Openings = slices.Clone(f.Openings)
		for i := range f.Openings {
			f.Openings[i].Roll += len(d1.Rolls)
		}
		if d1.Fight != nil {
			f.Rolls = slices.Concat(d1.Fight.Rolls, f.Rolls)
		}
		out.Fight = &f
	}
	return out
}

func decide(v View, actor campaign.Character, a Action, src dice.Source) (Decision, error) {
	var enc *encounter.Encounter
	if v.Encounter != nil {
		// Decoded once: the words, the route and the resolvers read it.
		e, err := encounter.FromRecord(*v.Encounter)
		if err != nil {
			return Decision{}, err
		}
		enc = &e
	}
	var in intent.Intent
	if a.Intent != nil {
		in = *a.Intent
	} else {
		read, ok := intent.Parse(a.Text, parseContext(v, actor, enc))
		if !ok {
			return Decision{}, nil
		}
		in = read
	}
	d := Decision{Intent: &in}
	if err := in.Validate(op); err != nil {
		return d, err
	}
	k, _ := intent.Lookup(in.Kind)
	if !intent.Allowed(v.Allowlist, in.Kind) {
		return d, fault.Refuse(op, "intent", fault.NotAllowed, "this table does not play %s; it allows %s", strings.ReplaceAll(in.Kind, "_", " "), strings.Join(v.Allowlist, ", "))
	}
	r := request{v: v, actor: actor, in: in, src: src, enc: enc, choices: a.Choices}
	// How the actor stands: its sheet, or in the fight under way its
	// participant, as a fight writes the sheets only when it ends.
	standing := actor
	if enc != nil {
		e := *enc
		d.fighting = fightersOf(&e)
		who, err := participantOf(e, actor)
		if err == nil && e.Status == encounter.Active {
			p, _ := e.Participant(who)
			standing = fought(actor, p)
			// Down is down whoever's turn it is: the dying, the stable
			// and the dead are told so, not told to wait their turn (which
			// the engine plays for them). The encounter has the last word
			// on its own kinds (a downed character may end its turn).
			if err := downed(standing, in); err != nil && !k.Down && k.Fight != intent.FightEncounter {
				return d, err
			}
		}
		if err != nil && e.Status == encounter.Active && k.Fight != intent.FightRefused {
			// Not in the fight: the character plays out of it, and
			// joins it by coming where it is.
			if err := downed(actor, in); err != nil && !k.Down {
				return d, err
			}
			if r.joins(e) {
				return r.join(d, *v.Encounter, e)
			}
			if in.Kind == encounter.ActionAttack {
				where := v.Map.Areas[e.AreaID].Name
				if where == "" {
					where = "another place"
				}
				return d, fault.Refuse(op, "intent", fault.NotAllowed, "%s is not in the fight, which is in %s: go there to join it", actor.Name, where)
			}
			r.v.Encounter, r.enc, r.fighting = nil, nil, d.fighting
			return r.explore(d, k)
		}
		switch k.Fight {
		case intent.FightEncounter:
			return r.inEncounter(d, *v.Encounter, e)
		case intent.FightRefused:
			return d, fault.Refuse(op, "intent", fault.NotAllowed, "not while an encounter is under way")
		case intent.FightOwnTurn:
			// These take the character's moment in the fight: on its own
			// turn only (which they leave open), never on another's.
			if cur, ok := e.Participant(e.Current); !ok || cur.CharacterID != actor.ID {
				return d, fault.Refuse(op, "intent", fault.NotYourTurn, "it is not %s's turn in the encounter", actor.Name)
			}
		}
	}
	if err := downed(standing, in); err != nil && !k.Down {
		return d, err
	}
	return r.explore(d, k)
}

// fought is actor as the fight under way has left it (p, its
// participant): its hit points, its death saves, stable or dead.
func fought(actor campaign.Character, p encounter.Participant) campaign.Character {
	c := p.Combatant
	actor.HP, actor.DeathSaves, actor.Stable, actor.Dead = c.HP, c.DeathSaves, c.Stable, c.Dead || p.Defeated
	return actor
}

// explore decides an intent out of a fight (or on the actor's own turn
// in one, for the kinds a fight leaves to it), and the time it takes.
func (r request) explore(d Decision, k intent.Kind) (Decision, error) {
	resolve, ok := resolverOf(k)
	if !ok {
		return d, fault.E(fault.Internal, op, "no rule resolves %s", r.in.Kind)
	}
	r.sheet = rules.FromSheet(r.actor)
	d, err := resolve(r, d)
	if err != nil {
		return d, err
	}
	if d.Clock == 0 && (r.v.Encounter == nil || k.Fight == intent.FightAnyTime) {
		d.Clock = r.v.Clock + elapsed(r, d)
	}
	return d, nil
}

// downed refuses what a character at 0 HP or dead cannot do, in words
// that say what it can: the dead wait for a revival; a stable character
// may rest, coming to with 1 HP after 1d4 hours; a dying one's life is
// in its companions' hands (first aid, healing).
func downed(actor campaign.Character, in intent.Intent) error {
	switch {
	case actor.IsDead():
		return fault.Refuse(op, "intent", fault.ActorStateRestricted, "%s is dead; only a spell that brings back the dead (Revivify, Raise Dead) can change that", actor.Name)
	case actor.HP > 0:
		return nil
	case actor.Stable && in.Kind == "rest":
		return nil // the hours pass: rest
	case actor.Stable:
		return fault.Refuse(op, "intent", fault.ActorStateRestricted, "%s is unconscious at 0 HP, stable: a rest lets them come to (1 HP after 1d4 hours), or healing wakes them", actor.Name)
	}
	return fault.Refuse(op, "intent", fault.ActorStateRestricted, "%s is unconscious and dying: a companion's first aid (help) or healing can save them", actor.Name)
}

// Read reads a player's free text as an intent (intent.Parse against
// ParseContext); false when it cannot read it with confidence.
func Read(v View, actor campaign.Character, text string) (intent.Intent, bool) {
	return intent.Parse(text, ParseContext(v, actor))
}

// ParseContext is what a player's words may name: the actor's name, the
// areas one move away, the characters, the monsters still standing, the
// actor's weapons (in a fight those it fights with, out of one those it
// carries), the items it carries, its spells and the features.
func ParseContext(v View, actor campaign.Character) intent.Context {
	var enc *encounter.Encounter
	if v.Encounter != nil {
		if e, err := encounter.FromRecord(*v.Encounter); err == nil {
			enc = &e
		}
	}
	return parseContext(v, actor, enc)
}

// parseContext is ParseContext with the view's encounter decoded (nil
// when none is under way).
func parseContext(v View, actor campaign.Character, enc *encounter.Encounter) intent.Context {
	ctx := intent.Context{ActorID: actor.ID, ActorName: actor.Name}
	for _, a := range v.Map.Reachable(areaOf(v.Map, actor)) {
		ctx.Areas = append(ctx.Areas, intent.Ref{ID: a.ID, Name: a.Name})
	}
	for _, ch := range v.Characters {
		ctx.Targets = append(ctx.Targets, intent.Ref{ID: ch.ID, Name: ch.Name})
	}
	if enc != nil {
		for _, p := range enc.Participants {
			if p.Kind == encounter.KindMonster && !p.Defeated {
				ctx.Targets = append(ctx.Targets, intent.Ref{ID: p.ID, Name: p.Name})
			}
		}
		for _, p := range enc.Participants {
			if p.CharacterID == actor.ID {
				for _, w := range p.Weapons {
					ctx.Weapons = append(ctx.Weapons, intent.Ref{ID: w, Name: campaign.ItemName(w)})
				}
			}
		}
	}
	fights := ctx.Weapons != nil
	for _, it := range actor.Inventory {
		ctx.Items = append(ctx.Items, intent.Ref{ID: it.Item, Name: campaign.ItemName(it.Item)})
		// Out of a fight the words still name a weapon ("I shoot the
		// wolf with my longbow" starts one): the weapons it carries.
		if _, ok := srd.LookupWeapon(it.Item); ok && !fights && it.Qty > 0 && !slices.ContainsFunc(ctx.Weapons, func(r intent.Ref) bool { return r.ID == it.Item }) {
			ctx.Weapons = append(ctx.Weapons, intent.Ref{ID: it.Item, Name: campaign.ItemName(it.Item)})
		}
	}
	ctx.Spells = Castable(actor)
	ctx.OtherSpells = allSpells()
	ctx.Features = spokenFeatures(actor)
	return ctx
}

// Castable are the spells the character can cast now: those it knows or
// has prepared (campaign.RepertoireOf) with a slot of their level or
// higher left, cantrips included, and those it casts without a slot
// with a use left (a Mystic Arcanum).
func Castable(ch campaign.Character) []intent.Ref {
	rep := campaign.RepertoireOf(ch)
	c := rules.FromSheet(ch)
	top := 0
	for i, sl := range c.SpellSlots {
		if sl.Max > sl.Used {
			top = i + 1
		}
	}
	pools := campaign.ResourcesOf(ch)
	left := func(id string) int { return max(pools[id].Max-pools[id].Used, 0) }
	var out []intent.Ref
	for _, id := range rep.IDs() {
		if sp, ok := srd.LookupSpell(id); ok && rep.Ready(sp, top, left) {
			out = append(out, intent.Ref{ID: sp.ID, Name: sp.Name})
		}
	}
	return out
}

// areaOf is where a character stands, on the map.
func areaOf(m world.Map, ch campaign.Character) string {
	if _, ok := m.Areas[ch.AreaID]; ok {
		return ch.AreaID
	}
	return world.StarterArea
}

// character is the campaign's character of that id, or nil.
func (v View) character(id string) *campaign.Character {
	for i := range v.Characters {
		if v.Characters[i].ID == id {
			return &v.Characters[i]
		}
	}
	return nil
}

func publicMessage(err error) string {
	_, msg := fault.Public(err)
	return msg
}
