package game

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"

	"chronicler/events"
	"chronicler/shared/campaign"
	"chronicler/shared/dice"
	"chronicler/shared/fault"
	"chronicler/shared/rules"
	"chronicler/shared/rules/encounter"
	"chronicler/shared/rules/intent"
	"chronicler/shared/rules/spell"
	"chronicler/shared/srd"
	"chronicler/shared/world"
)

// decision is what the rules decided for a turn, before any narration.
type decision struct {
	Intent  *events.Intent // nil when free text was not understood: the turn is narrative
	Rolls   []campaign.Roll
	Summary string               // the rules result the narrator must agree with
	Changed []campaign.Character // sheets the turn changes, at the versions read
	Scene   *campaign.Scene      // the new scene, when the turn moves it
	// Encounter is the encounter as the turn leaves it, when one is under way.
	Encounter *campaign.EncounterRecord
	// Reactions are those characters took during a monster's turn.
	Reactions []campaign.AppliedReaction
}

// turnSeed is the seed of a turn's dice: unpredictable to players (it is a
// MAC under the server's key) and the same for a retried turn, so a retry
// after a crash rolls exactly the dice of the first attempt.
func (s *Service) turnSeed(campaignID, turnID string) uint64 {
	m := hmac.New(sha256.New, s.SeedKey)
	m.Write([]byte("dice:" + campaignID + ":" + turnID))
	return binary.BigEndian.Uint64(m.Sum(nil))
}

// mapOf is the campaign's area map (a starter map until it has its own).
func mapOf(snap Snapshot) world.Map {
	if snap.State.Map != nil {
		return *snap.State.Map
	}
	return world.Starter(snap.Campaign.WorldSeed)
}

// areaOf is where a character stands, on the map.
func areaOf(m world.Map, ch campaign.Character) string {
	if _, ok := m.Areas[ch.AreaID]; ok {
		return ch.AreaID
	}
	return world.StarterArea
}

// decide runs the rules on the leased turn: the structured intent, or the
// free text parsed into one (text the parser cannot read is narrative).
// A refused intent is fault.Invalid with a reason from the rules'
// vocabulary (not_allowed, out_of_range, actor_state_restricted, ...).
func (s *Service) decide(snap Snapshot, actor campaign.Character, lease campaign.Lease, src dice.Source) (decision, error) {
	const op = "rules"
	m := mapOf(snap)
	var in events.Intent
	if len(lease.Intent) > 0 {
		var err error
		if in, err = events.DecodeIntent(lease.Intent); err != nil {
			return decision{}, err
		}
	} else {
		parsed, ok := intent.Parse(lease.Action, s.parseContext(snap, m, actor))
		if !ok {
			return decision{}, nil
		}
		in = parsed
	}
	d := decision{Intent: &in}
	if !snap.Campaign.Settings.Allows(in.Kind) {
		return d, fault.Refuse(op, "intent", fault.NotAllowed, "this table does not play %s; it allows %s", strings.ReplaceAll(in.Kind, "_", " "), strings.Join(snap.Campaign.Settings.Allowlist, ", "))
	}
	rec, enc, fighting, err := activeEncounter(snap)
	if err != nil {
		return d, err
	}
	if fighting {
		switch in.Kind {
		case "attack", "cast", "dodge", "dash", "disengage", "hide", "second_wind", "end_turn":
			return s.decideInEncounter(d, rec, enc, actor, in, src)
		case "move":
			// A move in a fight is a move of the encounter's (out of
			// reach, opportunity attacks drawn) to a neighbouring area.
			if err := m.Move(areaOf(m, actor), in.ToAreaID); err != nil {
				return d, fault.Refuse(op, "intent.to_area_id", fault.OutOfRange, "%s", publicMessage(err))
			}
			return s.decideInEncounter(d, rec, enc, actor, in, src)
		case "rest":
			return d, fault.Refuse(op, "intent", fault.NotAllowed, "not while an encounter is under way")
		case "check", "help", "use_item":
			// These take the character's moment in the fight: on its own
			// turn only (which they leave open), never on another's.
			if cur, ok := enc.Participant(enc.Current); !ok || cur.CharacterID != actor.ID {
				return d, fault.Refuse(op, "intent", fault.NotYourTurn, "it is not %s's turn in the encounter", actor.Name)
			}
		}
	}
	if actor.HP <= 0 && in.Kind != "say" {
		return d, fault.Refuse(op, "intent", fault.ActorStateRestricted, "%s is down and cannot act", actor.Name)
	}
	c := rules.FromSheet(actor)
	switch in.Kind {
	case "say":
		d.Summary = ""
	case "check":
		req := rules.CheckRequest{}
		if in.Skill != "" {
			sk, err := rules.ParseSkill(in.Skill)
			if err != nil {
				return d, fault.Refuse(op, "intent.skill", fault.InvalidArgs, "unknown skill %q", in.Skill)
			}
			req.Skill = sk
		}
		if in.Ability != "" {
			ab, err := rules.ParseAbility(in.Ability)
			if err != nil {
				return d, fault.Refuse(op, "intent.ability", fault.InvalidArgs, "unknown ability %q", in.Ability)
			}
			req.Ability = ab
		}
		res, err := rules.Check(c, req, src)
		if err != nil {
			return d, err
		}
		d.Rolls, d.Summary = rollsOf(res.Rolls), res.Summary()
	case "move":
		if l := rules.Carried(actor); l.Immobile() {
			return d, fault.Refuse(op, "intent", fault.ActorStateRestricted, "%s carries %.0f lb, more than twice the %d lb they can carry, and cannot move it", actor.Name, l.Weight, l.Capacity)
		}
		from := areaOf(m, actor)
		if err := m.Move(from, in.ToAreaID); err != nil {
			return d, fault.Refuse(op, "intent.to_area_id", fault.OutOfRange, "%s", publicMessage(err))
		}
		moved := actor
		moved.AreaID = in.ToAreaID
		to := m.Areas[in.ToAreaID]
		d.Changed = []campaign.Character{moved}
		scene := snap.State.Scene
		scene.Location = to.Name
		// Whoever was with the party stays where they were, unless the
		// narration brings them along (a scene change of the turn).
		scene.NPCs = nil
		d.Scene = &scene
		d.Summary = fmt.Sprintf("%s goes from %s to %s.", actor.Name, m.Areas[from].Name, to.Name)
	case "rest":
		if in.Rest == "short" {
			return shortRest(d, actor, c, src)
		}
		res, err := rules.LongRest(c, true)
		if err != nil {
			return d, fault.Refuse(op, "intent", fault.NotAllowed, "%s", publicMessage(err))
		}
		after, err := c.Apply(res.Changes)
		if err != nil {
			return d, err
		}
		ch := rules.ToSheet(actor, after)
		ch.Resources = campaign.Rested(actor, true)
		d.Changed = []campaign.Character{ch}
		d.Rolls, d.Summary = rollsOf(res.Rolls), res.Summary()
	case "hide":
		res, err := rules.Check(c, rules.CheckRequest{Ability: rules.Dex, Skill: rules.Stealth}, src)
		if err != nil {
			return d, err
		}
		d.Rolls, d.Summary = rollsOf(res.Rolls), res.Summary()
	case "second_wind":
		return d, fault.Refuse(op, "intent", fault.NotAllowed, "Second Wind is tracked in encounters only, where its use once per rest is kept")
	case "dodge", "dash", "disengage", "help", "end_turn":
		d.Summary = fmt.Sprintf("%s takes the %s action; outside combat it changes nothing.", actor.Name, strings.ReplaceAll(in.Kind, "_", " "))
	case "attack":
		return d, fault.Refuse(op, "intent", fault.NotAllowed, "there is nothing here to attack; an encounter must be under way")
	case "cast":
		return s.decideCast(d, snap, actor, c, in, src)
	case "use_item":
		if !slices.ContainsFunc(actor.Inventory, func(it campaign.Item) bool { return it.Item == in.Item && it.Qty > 0 }) {
			return d, fault.Refuse(op, "intent.item", fault.NotAllowed, "%s does not carry %q", actor.Name, in.Item)
		}
		d.Summary = fmt.Sprintf("%s uses %s.", actor.Name, in.Item)
	}
	return d, nil
}

// decideInEncounter runs a combat action through the encounter: turn
// order, action economy, the attack and the spell are the encounter's
// rules, and target ids name participants. An action ends the turn unless
// the intent keeps it open; a bonus action ends it only once the action
// is spent too, so a bonus action can come first.
func (s *Service) decideInEncounter(d decision, rec campaign.EncounterRecord, e encounter.Encounter, actor campaign.Character, in events.Intent, src dice.Source) (decision, error) {
	var who string
	for _, p := range e.Participants {
		if p.CharacterID == actor.ID {
			who = p.ID
		}
	}
	if who == "" {
		return d, fault.Refuse("rules", "intent", fault.NotAllowed, "%s is not in the encounter", actor.Name)
	}
	p, _ := e.Participant(who)
	act := encounter.Action{Kind: in.Kind, TargetID: in.TargetID, Weapon: in.Weapon, Spell: in.Spell,
		SlotLevel: in.SlotLevel, TargetIDs: in.TargetIDs, Bonus: in.Bonus, Ongoing: in.Ongoing, Choice: in.Choice}
	// Movement, like a bonus action, leaves the turn open for the action.
	act.EndTurn = !in.KeepTurn && (!(act.TakesBonusAction() || act.Kind == encounter.ActionMove) || p.Turn.ActionUsed)
	if e.Current == who && p.HP <= 0 && !p.Defeated && !p.Combatant.Stable {
		// A dying character's turn is its death saving throw, whatever
		// the player chose: the protocol has no word for it.
		act = encounter.Action{Kind: encounter.ActionDeathSave, EndTurn: true}
	}
	next, res, err := encounter.Act(e, who, act, src)
	if err != nil {
		return d, err
	}
	upd, err := record(next, rec.Version)
	if err != nil {
		return d, err
	}
	d.Rolls, d.Summary, d.Encounter = rollsOf(res.Rolls), res.Summary(), &upd
	if res.Moved {
		moved := actor
		moved.AreaID = in.ToAreaID
		d.Changed = []campaign.Character{moved}
	}
	return d, nil
}

// decideCast casts a spell of the actor's class on the party (outside an
// encounter there is nobody else to target): the slot is spent, the
// targets' sheets take the effect, every roll is recorded.
func (s *Service) decideCast(d decision, snap Snapshot, actor campaign.Character, c rules.Combatant, in events.Intent, src dice.Source) (decision, error) {
	const op = "rules"
	sp, ok := srd.LookupSpell(in.Spell)
	if !ok {
		return d, fault.Refuse(op, "intent.spell", fault.InvalidArgs, "no spell %q in the rules", in.Spell)
	}
	class, _ := srd.LookupClass(actor.Class)
	if !slices.Contains(sp.Classes, actor.Class) || class.SpellcastingAbility == "" {
		return d, fault.Refuse(op, "intent.spell", fault.NotAllowed, "%s is not a %s spell", sp.Name, actor.Class)
	}
	ability, err := rules.ParseAbility(class.SpellcastingAbility)
	if err != nil {
		return d, err
	}
	slot := in.SlotLevel
	if slot == 0 {
		slot = sp.Level
	}
	sheets := map[string]campaign.Character{actor.ID: actor}
	var targets []rules.Combatant
	for _, id := range append(slices.Clone(in.TargetIDs), in.TargetID) {
		if id == "" {
			continue
		}
		ch := characterOf(snap, id)
		if ch == nil {
			return d, fault.Refuse(op, "intent.target_ids", fault.OutOfRange, "there is no %q here to target", id)
		}
		sheets[ch.ID] = *ch
		targets = append(targets, rules.FromSheet(*ch))
	}
	opts := spell.Options{Ability: ability}
	if err := encounter.Choose(sp, in.Choice, &opts); err != nil {
		return d, err
	}
	res, err := spell.Cast(c, sp.ID, slot, targets, opts, src, srd.LookupSpell)
	if err != nil {
		return d, err
	}
	for _, sheetBefore := range sheets {
		before := rules.FromSheet(sheetBefore)
		after, err := before.Apply(res.Changes)
		if err != nil {
			return d, err
		}
		if !reflect.DeepEqual(after, before) {
			d.Changed = append(d.Changed, rules.ToSheet(sheetBefore, after))
		}
	}
	slices.SortFunc(d.Changed, func(a, b campaign.Character) int { return strings.Compare(a.ID, b.ID) })
	d.Rolls, d.Summary = rollsOf(res.Rolls), res.Summary()
	return d, nil
}

func publicMessage(err error) string {
	_, msg := fault.Public(err)
	return msg
}

// parseContext is what the free-text parser may resolve names against.
func (s *Service) parseContext(snap Snapshot, m world.Map, actor campaign.Character) intent.Context {
	ctx := intent.Context{ActorID: actor.ID}
	for _, a := range m.Reachable(areaOf(m, actor)) {
		ctx.Areas = append(ctx.Areas, intent.Ref{ID: a.ID, Name: a.Name})
	}
	for _, ch := range snap.Characters {
		ctx.Targets = append(ctx.Targets, intent.Ref{ID: ch.ID, Name: ch.Name})
	}
	if _, e, ok, _ := activeEncounter(snap); ok {
		for _, p := range e.Participants {
			if p.Kind == encounter.KindMonster && !p.Defeated {
				ctx.Targets = append(ctx.Targets, intent.Ref{ID: p.ID, Name: p.Name})
			}
		}
		for _, p := range e.Participants {
			if p.CharacterID == actor.ID {
				for _, w := range p.Weapons {
					ctx.Weapons = append(ctx.Weapons, intent.Ref{ID: w, Name: w})
				}
			}
		}
	}
	for _, it := range actor.Inventory {
		ctx.Items = append(ctx.Items, intent.Ref{ID: it.Item, Name: it.Item})
	}
	return ctx
}

// rollsOf records the engine's rolls as the turn stores and sends them.
func rollsOf(rs []rules.Roll) []campaign.Roll {
	out := make([]campaign.Roll, len(rs))
	for i, r := range rs {
		out[i] = campaign.Roll{RollID: fmt.Sprint("r", i+1), RollerID: r.RollerID, Reason: r.Reason, Dice: r.Expr, Rolls: r.Result.Rolls,
			Total: r.Total, Outcome: r.Outcome, Terms: r.Result.Terms,
			Advantage: r.Result.Advantage, Disadvantage: r.Result.Disadvantage, Critical: r.Result.Critical,
			RerollBelow: r.Result.RerollBelow, Lucky: r.Result.Lucky}
	}
	return out
}

// intentJSON is the intent as stored with the turn.
func intentJSON(in *events.Intent) json.RawMessage {
	if in == nil {
		return nil
	}
	b, _ := json.Marshal(in)
	return b
}

// shortRest finishes an hour's rest: a wounded character spends hit dice
// one at a time while it is still hurt and has dice left (the SRD lets the
// player stop at any die; spending only what heals is the choice a table
// makes), a warlock's pact slots come back, and the resources that return
// on a short rest do.
func shortRest(d decision, actor campaign.Character, c rules.Combatant, src dice.Source) (decision, error) {
	d.Summary = fmt.Sprintf("%s takes a short rest of about an hour.", actor.Name)
	ch, changed := actor, false
	var spent []rules.Roll
	var last rules.HitDiceResult
	for c.HP > 0 && c.HP < c.CurrentMaxHP() && c.HitDice.Used < c.HitDice.Max {
		res, err := rules.SpendHitDice(c, 1, src)
		if err != nil {
			return d, err
		}
		if c, err = c.Apply(res.Changes); err != nil {
			return d, err
		}
		spent = append(spent, res.Rolls...)
		if last.Spent > 0 {
			res.Spent, res.Regained, res.HPBefore = last.Spent+1, last.Regained+res.Regained, last.HPBefore
		}
		last = res
	}
	if last.Spent > 0 {
		ch, changed = rules.ToSheet(actor, c), true
		d.Rolls = rollsOf(spent)
		d.Summary += " " + last.Summary()
	}
	if ch.Class == "warlock" && slices.ContainsFunc(slices.Collect(maps.Values(ch.SpellSlots)), func(p campaign.Slot) bool { return p.Used > 0 }) {
		// Pact Magic: every slot comes back on a short rest.
		slots := maps.Clone(ch.SpellSlots)
		for lvl, p := range slots {
			p.Used = 0
			slots[lvl] = p
		}
		ch.SpellSlots, changed = slots, true
		d.Summary += fmt.Sprintf(" %s's pact slots come back.", actor.Name)
	}
	if rested := campaign.Rested(actor, false); !maps.Equal(rested, campaign.ResourcesOf(actor)) {
		ch.Resources, changed = rested, true
		d.Summary += " " + recovered(actor, rested)
	}
	if changed {
		d.Changed = []campaign.Character{ch}
	}
	return d, nil
}

// recovered tells the class resources a rest gave back.
func recovered(ch campaign.Character, rested map[string]campaign.Pool) string {
	before := campaign.ResourcesOf(ch)
	var got []string
	for _, id := range slices.Sorted(maps.Keys(rested)) {
		if n := before[id].Used - rested[id].Used; n > 0 {
			got = append(got, fmt.Sprintf("%d %s", n, strings.ReplaceAll(id, "-", " ")))
		}
	}
	return fmt.Sprintf("%s gets back %s.", ch.Name, strings.Join(got, " and "))
}
