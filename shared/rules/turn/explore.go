package turn

import (
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strconv"
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

// A resolver decides an intent of one kind out of a fight (and, for the
// kinds a fight leaves to it, on the actor's own turn in one).
type resolver func(r request, d Decision) (Decision, error)

// explore holds the resolver of every kind the table does not mark
// ActionOnly: a kind without one is a failing test, not a silent no-op.
var explore = map[string]resolver{
	"say":         func(_ request, d Decision) (Decision, error) { return d, nil },
	"check":       check,
	"move":        move,
	"rest":        rest,
	"hide":        hide,
	"cast":        cast,
	"use_item":    useItem,
	"equip":       equip(true),
	"unequip":     equip(false),
	"attune":      attune,
	"help":        help,
	"attack":      refuse(fault.NotAllowed, "there is nothing here to attack; an encounter must be under way"),
	"grapple":     refuse(fault.NotAllowed, "there is nobody to grapple; an encounter must be under way"),
	"shove":       refuse(fault.NotAllowed, "there is nobody to shove; an encounter must be under way"),
	"escape":      refuse(fault.NotAllowed, "nobody holds you; escaping a grapple is for a fight"),
	"second_wind": refuse(fault.NotAllowed, "Second Wind is tracked in encounters only, where its use once per rest is kept"),
	"level_up":    levelUp,
	"feature":     useFeature,
	"prepare":     prepare,
}

// refuse is a kind the rules refuse out of a fight.
func refuse(why fault.Reason, msg string) resolver {
	return func(_ request, d Decision) (Decision, error) {
		return d, fault.Refuse(op, "intent", why, "%s", msg)
	}
}

// resolverOf is the kind's resolver out of a fight.
func resolverOf(k intent.Kind) (resolver, bool) {
	if k.ActionOnly {
		return noEffect, true
	}
	r, ok := explore[k.Name]
	return r, ok
}

// noEffect is an action that only spends an action, taken where there is
// no fight.
func noEffect(r request, d Decision) (Decision, error) {
	d.Summary = fmt.Sprintf("%s takes the %s action; outside combat it changes nothing.", r.actor.Name, strings.ReplaceAll(r.in.Kind, "_", " "))
	return d, nil
}

// check is an ability check, with a skill when the intent names one.
func check(r request, d Decision) (Decision, error) {
	req := rules.CheckRequest{}
	if r.in.Skill != "" {
		sk, err := rules.ParseSkill(r.in.Skill)
		if err != nil {
			return d, fault.Refuse(op, "intent.skill", fault.InvalidArgs, "unknown skill %q", r.in.Skill)
		}
		req.Skill = sk
	}
	if r.in.Ability != "" {
		ab, err := rules.ParseAbility(r.in.Ability)
		if err != nil {
			return d, fault.Refuse(op, "intent.ability", fault.InvalidArgs, "unknown ability %q", r.in.Ability)
		}
		req.Ability = ab
	}
	if r.in.Difficulty != "" {
		dc, ok := rules.DifficultyDC(r.in.Difficulty)
		if !ok {
			return d, fault.Refuse(op, "intent.difficulty", fault.InvalidArgs, "unknown difficulty %q", r.in.Difficulty)
		}
		req.DC = dc
		req.DCSource = &campaign.DCSource{Value: dc, Source: "a " + strings.ReplaceAll(r.in.Difficulty, "_", " ") + " task (Ability Checks: Typical Difficulty Classes)"}
	}
	req.Disadvantage = append(armorHinders(r.actor, req.Skill), unlit(r, req.Skill)...)
	req.About, req.Reserves = r.checkAbout(), r.checkReserves()
	res, err := rules.Check(r.sheet, req, r.src)
	if err != nil {
		return d, err
	}
	d.Rolls, d.Summary = Rolls(res.Rolls), res.Summary()
	return d, r.spendReserved(&d, res.Reserved)
}

// armorHinders names the armour the character wears that gives
// disadvantage on a check of the skill: Stealth's (campaign.StealthHindrance).
func armorHinders(ch campaign.Character, s rules.Skill) []string {
	if s != rules.Stealth {
		return nil
	}
	return campaign.StealthHindrance(ch)
}

// unlit names what the area's light does to a Wisdom (Perception)
// check, which sight mostly makes: dim light gives disadvantage, and
// darkness too (the character sees nothing there, and goes by ear);
// darkvision sees dim light as bright and darkness as dim.
func unlit(r request, s rules.Skill) []string {
	if s != rules.Perception {
		return nil
	}
	light := r.v.Map.LightOf(areaOf(r.v.Map, r.actor))
	dark := campaign.HasFeature(r.actor, "darkvision")
	switch {
	case light == world.LightDim && !dark:
		return []string{"dim light"}
	case light == world.LightDark && dark:
		return []string{"darkness, seen as dim light by darkvision"}
	case light == world.LightDark:
		return []string{"darkness: nothing to see, only to hear"}
	}
	return nil
}

// hide is a Dexterity (Stealth) check.
func hide(r request, d Decision) (Decision, error) {
	res, err := rules.Check(r.sheet, rules.CheckRequest{Ability: rules.Dex, Skill: rules.Stealth, Disadvantage: armorHinders(r.actor, rules.Stealth)}, r.src)
	if err != nil {
		return d, err
	}
	d.Rolls, d.Summary = Rolls(res.Rolls), res.Summary()
	return d, nil
}

// move takes the actor to a neighbouring area, and the scene with it.
func move(r request, d Decision) (Decision, error) {
	actor, m := r.actor, r.v.Map
	if l := rules.Carried(actor); l.Immobile() {
		return d, fault.Refuse(op, "intent", fault.ActorStateRestricted, "%s carries %.0f lb, more than twice the %d lb they can carry, and cannot move it", actor.Name, l.Weight, l.Capacity)
	}
	from := areaOf(m, actor)
	if err := m.Move(from, r.in.ToAreaID); err != nil {
		return d, fault.Refuse(op, "intent.to_area_id", fault.OutOfRange, "%s", publicMessage(err))
	}
	moved := actor
	moved.AreaID = r.in.ToAreaID
	to := m.Areas[r.in.ToAreaID]
	d.Changed = []campaign.Character{moved}
	scene := r.v.Scene
	scene.Location = to.Name
	// Whoever was with the party stays where they were, unless the
	// narration brings them along (a scene change of the turn).
	scene.NPCs = nil
	d.Scene = &scene
	d.Summary = fmt.Sprintf("%s goes from %s to %s.", actor.Name, m.Areas[from].Name, to.Name)
	return d, nil
}

// useItem uses an item the actor carries. A healer's kit used on a dying
// creature stabilizes it (firstAid).
func useItem(r request, d Decision) (Decision, error) {
	if r.in.Item == spell.GoodberryID {
		return goodberry(r, d) // held as Goodberry's lasting effect, not in the pack (boons.go)
	}
	if !slices.ContainsFunc(r.actor.Inventory, func(it campaign.Item) bool { return it.Item == r.in.Item && it.Qty > 0 }) {
		return d, fault.Refuse(op, "intent.item", fault.NotAllowed, "%s does not carry %q", r.actor.Name, r.in.Item)
	}
	if campaign.IsHealersKit(r.in.Item) && r.in.TargetID != "" {
		return firstAid(r, d)
	}
	if pot, ok := srd.LookupPotion(r.in.Item); ok {
		return potion(r, d, pot)
	}
	if _, ok := encounter.FightPotion(r.in.Item); ok && r.v.Encounter != nil {
		return fightPotion(r, d) // items.go
	}
	d.Summary = fmt.Sprintf("%s uses %s.", r.actor.Name, campaign.ItemName(r.in.Item))
	return d, nil
}

// equip puts on or takes off armour or a shield, or wields or puts away
// a weapon (campaign.Equip): AC, and the weapon attacked with when none
// is named, follow.
func equip(on bool) resolver {
	return func(r request, d Decision) (Decision, error) {
		ch, text, err := campaign.Equip(r.actor, r.in.Item, on)
		if err != nil {
			return d, fault.Refuse(op, "intent.item", fault.NotAllowed, "%s", err.Error())
		}
		d.Summary = text
		if !reflect.DeepEqual(ch, r.actor) {
			d.Changed = []campaign.Character{ch}
		}
		return d, nil
	}
}

// attune has the actor attune to a magic item it carries (the choice
// "end": end its attunement), three at most (campaign.Attune).
func attune(r request, d Decision) (Decision, error) {
	ch, text, err := campaign.Attune(r.actor, r.in.Item, r.in.Choice != "end")
	if err != nil {
		return d, fault.Refuse(op, "intent.item", fault.NotAllowed, "%s", err.Error())
	}
	d.Summary = text
	d.Changed = []campaign.Character{ch}
	return d, nil
}

// potion is drinking a potion of healing, or giving it to another (the
// intent's target): an action, in a fight the encounter's (on the actor's
// turn), out of one the sheets'. The drinker regains the potion's healing;
// the actor has one potion fewer.
func potion(r request, d Decision, pot srd.Potion) (Decision, error) {
	if r.v.Encounter != nil {
		e, err := encounter.FromRecord(*r.v.Encounter)
		if err != nil {
			return d, err
		}
		who, err := participantOf(e, r.actor)
		if err != nil {
			return d, err
		}
		// A character's participant id is its character id. As a bonus
		// action (Fast Hands), the turn stays open for the action.
		act := encounter.Action{Kind: encounter.ActionPotion, Item: pot.ID, TargetID: r.in.TargetID, Bonus: r.in.Bonus, EndTurn: !r.in.KeepTurn && !r.in.Bonus}
		if d, err = r.play(d, *r.v.Encounter, e, who, act); err != nil {
			return d, err
		}
		spend(&d, r.actor, r.in.Item)
		return d, nil
	}
	drinker := r.actor
	if r.in.TargetID != "" && r.in.TargetID != r.actor.ID {
		t := r.v.character(r.in.TargetID)
		if t == nil {
			return d, fault.Refuse(op, "intent.target_id", fault.OutOfRange, "there is no %q here", r.in.TargetID)
		}
		drinker = *t
	}
	if drinker.IsDead() {
		return d, fault.Refuse(op, "intent.target_id", fault.NotAllowed, "%s is dead: a potion can't help", drinker.Name)
	}
	x, err := dice.Parse(pot.Healing)
	if err != nil {
		return d, fault.Wrap(fault.Internal, op, err)
	}
	c := rules.FromSheet(drinker)
	h, err := rules.Heal(c, x, r.src)
	if err != nil {
		return d, err
	}
	after, err := c.Apply(h.Changes)
	if err != nil {
		return d, err
	}
	if drinker.ID == r.actor.ID {
		d.Summary = fmt.Sprintf("%s drinks %s. %s", r.actor.Name, rules.Article(pot.Name), h.Summary())
	} else {
		d.Summary = fmt.Sprintf("%s gives %s %s. %s", r.actor.Name, drinker.Name, rules.Article(pot.Name), h.Summary())
	}
	d.Rolls, d.Changed = Rolls(h.Rolls), []campaign.Character{rules.ToSheet(drinker, after)}
	spend(&d, r.actor, r.in.Item)
	return d, nil
}

// spend takes one of the item from the actor's sheet, in the sheets the
// decision changes (the actor's, if it changes it already).
func spend(d *Decision, actor campaign.Character, item string) {
	i := slices.IndexFunc(d.Changed, func(ch campaign.Character) bool { return ch.ID == actor.ID })
	if i < 0 {
		d.Changed = append(d.Changed, actor)
		i = len(d.Changed) - 1
	}
	ch := &d.Changed[i]
	ch.Inventory = campaign.Take(ch.Inventory, item, 1)
}

// help is the Help action; on a dying creature, or in a fight one a
// monster's hit left asleep, burning or bleeding, first aid (firstAid).
func help(r request, d Decision) (Decision, error) {
	if r.in.TargetID == "" {
		return noEffect(r, d)
	}
	if e, ok, err := r.fight(); err != nil || ok {
		if err != nil {
			return d, err
		}
		// First aid helps the dying, and one a monster's hit left asleep,
		// burning or bleeding (encounter.Encounter.Tends).
		if t, ok := e.Participant(r.in.TargetID); !ok || (t.Combatant.HP > 0 && len(e.Tends(t.ID)) == 0) {
			return noEffect(r, d)
		}
		return firstAid(r, d)
	}
	if t := r.v.character(r.in.TargetID); t == nil || !t.Down() {
		return noEffect(r, d)
	}
	return firstAid(r, d)
}

// firstAid is the actor's action to stabilize a dying creature (the
// intent's target), by the one rule of it (rules.GiveFirstAid): with a
// healer's kit it carries, a use of it and no check; without, a DC 10
// Wisdom (Medicine) check. In a fight it is the encounter's
// (encounter.ActionFirstAid, on the actor's turn, its action); out of
// one, it is the sheets', the kit's use spent from the actor's. A healer
// who cannot act, and a patient who is dead, stable or hale, are refused.
func firstAid(r request, d Decision) (Decision, error) {
	if e, ok, err := r.fight(); err != nil || ok {
		if err != nil {
			return d, err
		}
		who, err := participantOf(e, r.actor)
		if err != nil {
			return d, err
		}
		return r.play(d, *r.v.Encounter, e, who, encounter.Action{Kind: encounter.ActionFirstAid, TargetID: r.in.TargetID, EndTurn: !r.in.KeepTurn})
	}
	t := r.v.character(r.in.TargetID)
	if t == nil || !r.here(*t) {
		return d, fault.Refuse(op, "intent.target_id", fault.OutOfRange, "%s", r.notHere(t, r.in.TargetID, "here"))
	}
	patient := rules.FromSheet(*t)
	if why, no := rules.CanGiveFirstAid(r.sheet, patient); no {
		field := "intent"
		if why.Patient {
			field = "intent.target_id"
		}
		return d, fault.Refuse(op, field, why.Reason, "%s", why.Message)
	}
	res, err := rules.GiveFirstAid(r.sheet, campaign.KitUses(r.actor.Inventory) > 0, patient, r.src)
	if err != nil {
		return d, err
	}
	after, err := patient.Apply(res.Changes)
	if err != nil {
		return d, err
	}
	d.Rolls, d.Summary, d.Changed = Rolls(res.Rolls), res.Summary(), []campaign.Character{rules.ToSheet(*t, after)}
	if res.Kit {
		healer := r.actor
		healer.Inventory = campaign.SpendKit(healer.Inventory, 1)
		d.Changed = append(d.Changed, healer)
		slices.SortFunc(d.Changed, func(a, b campaign.Character) int { return strings.Compare(a.ID, b.ID) })
	}
	return d, nil
}

// rest is a short or a long rest. A character stable at 0 HP rests as
// it lies: it comes to with 1 HP after 1d4 hours (the hours its sheet
// has rolled, WakesAt, or else rules.Recover's), which pass on the
// clock, and the rest gives nothing more, since a long rest needs at
// least 1 HP at its start; resting again gives its benefits.
func rest(r request, d Decision) (Decision, error) {
	if r.sheet.HP <= 0 && r.actor.Stable && !r.actor.IsDead() && r.actor.WakesAt > r.v.Clock {
		hours := (r.actor.WakesAt - r.v.Clock + campaign.Hour - 1) / campaign.Hour
		d.Changed = []campaign.Character{wake(r.actor)}
		d.Clock = r.actor.WakesAt
		d.Summary = fmt.Sprintf("%s, stable at 0 HP, regains 1 HP after %d more hour(s) and wakes. A rest begun at 0 HP gives nothing more (a long rest needs at least 1 HP at its start); resting again gives its benefits.", r.actor.Name, hours)
		return d, nil
	}
	if r.sheet.HP <= 0 {
		res, err := rules.Recover(r.sheet, r.src)
		if err != nil {
			return d, fault.Refuse(op, "intent", fault.ActorStateRestricted, "%s", publicMessage(err))
		}
		after, err := r.sheet.Apply(res.Changes)
		if err != nil {
			return d, err
		}
		woke := rules.ToSheet(r.actor, after)
		woke.WakesAt = 0
		d.Changed = []campaign.Character{woke}
		d.Rolls = Rolls(res.Rolls)
		d.Clock = r.v.Clock + int64(res.Hours)*campaign.Hour
		d.Summary = res.Summary() + " A rest begun at 0 HP gives nothing more (a long rest needs at least 1 HP at its start); resting again gives its benefits."
		return d, nil
	}
	if out, done, err := nightmareRest(r, d); done { // Dream (safeguards.go)
		return out, err
	}
	if r.in.Rest == "short" {
		return shortRest(r, d)
	}
	actor, c := r.actor, r.sheet
	res, err := rules.LongRest(c, true)
	if err != nil {
		return d, fault.Refuse(op, "intent", fault.NotAllowed, "%s", publicMessage(err))
	}
	after, err := c.Apply(res.Changes)
	if err != nil {
		return d, err
	}
	ch := rules.ToSheet(actor, after)
	// What lasts until a long rest ends with it (Contact Other Plane's
	// madness), the condition it held too.
	ch, _ = ch.WithoutEffects(func(fx campaign.Effect) bool { return fx.Ends == spell.UntilLongRest })
	ch.Resources = campaign.Rested(actor, true)
	ch, said := longRested(ch)
	ch.MayPrepare = campaign.PrepareCount(ch) > 0 // a prepared caster prepares after a long rest
	d.Rolls, d.Summary = Rolls(res.Rolls), res.Summary()
	if said != "" {
		d.Summary += " " + said
	}
	// A long rest takes in a dawn: charged magic items regain charges,
	// and a curse or disease takes its day's toll.
	var regained, taken []rules.Roll
	ch.Inventory, regained, said = rules.RegainCharges(ch, r.src)
	d.Rolls = append(d.Rolls, Rolls(regained)...)
	if said != "" {
		d.Summary += " " + said
	}
	if ch, taken, said = rules.AfflictionsDawn(ch, r.src); said != "" {
		d.Rolls = append(d.Rolls, Rolls(taken)...)
		d.Summary += " " + said
	}
	if ch, _, err = rested(r, &d, ch, true); err != nil {
		return d, err
	}
	d.Changed = []campaign.Character{ch}
	return d, nil
}

// shortRest finishes an hour's rest: a wounded character spends hit dice
// one at a time while it is still hurt and has dice left (the SRD lets the
// player stop at any die; spending only what heals is the choice a table
// makes), a warlock's pact slots come back, and the resources that return
// on a short rest do.
func shortRest(r request, d Decision) (Decision, error) {
	actor, c := r.actor, r.sheet
	d.Summary = fmt.Sprintf("%s takes a short rest of about an hour.", actor.Name)
	ch, changed := actor, false
	var spent []rules.Roll
	var last rules.HitDiceResult
	_, unhealed := campaign.Unhealed(c.Afflictions, false) // a curse or disease no hit die gets past
	for !unhealed && c.HP > 0 && c.HP < c.CurrentMaxHP() && c.HitDice.Used < c.HitDice.Max {
		res, err := rules.SpendHitDice(c, 1, r.src)
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
		d.Summary += " " + last.Summary()
		song, singer, ok, err := songOfRest(r, c, r.src)
		if err != nil {
			return d, err
		}
		if ok {
			if c, err = c.Apply(song.Changes); err != nil {
				return d, err
			}
			spent = append(spent, song.Rolls...)
			d.Summary += fmt.Sprintf(" Song of Rest (%s) gives %d more (%d/%d).", singer, song.Regained, song.HPAfter, song.MaxHP)
		}
		ch, changed = rules.ToSheet(actor, c), true
		d.Rolls = Rolls(spent)
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
	ch, more, err := rested(r, &d, ch, false)
	if err != nil {
		return d, err
	}
	if changed || more {
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

// cast casts a spell the actor knows or has prepared on the party
// (outside an encounter there is nobody else to target): the slot is
// spent (or, cast freely, the resource: a Mystic Arcanum), the targets'
// sheets take the effect, every roll is recorded. What the spell leaves
// lasts on the sheets until its time is up by the clock (Mage Armor's 8
// hours), or its caster's concentration ends.
func cast(r request, d Decision) (Decision, error) {
	actor, in := r.actor, r.in
	sp, ok := srd.LookupSpell(in.Spell)
	if !ok {
		return d, fault.Refuse(op, "intent.spell", fault.InvalidArgs, "no spell %q in the rules", in.Spell)
	}
	if len(in.With) > 0 || len(in.Spare) > 0 {
		return d, fault.Refuse(op, "intent.with", fault.NotAllowed, "the features and magic items a cast works in (Metamagic, Sculpt Spells, Overchannel, a wand's charges) are played in a fight")
	}
	// A feature may let the caster cast it another way: an invocation's
	// spell at will (encounter.PlanCast); else only a spell it knows or
	// has prepared (campaign.Repertoire), and a free casting (a Mystic
	// Arcanum, a Signature Spell) at its own level, without a slot.
	plan, planned := encounter.PlanCast(actor, sp, in.SlotLevel)
	var way campaign.Known
	var ability rules.Ability
	var err error
	slot := in.SlotLevel
	if slot == 0 {
		slot = sp.Level
	}
	if planned {
		class, _ := srd.LookupClass(actor.Class)
		if ability, err = rules.ParseAbility(class.SpellcastingAbility); err != nil {
			return d, err
		}
		slot = plan.Slot
		if actor, err = spendPlan(actor, sp, plan); err != nil {
			return d, err
		}
	} else {
		rep := campaign.RepertoireOf(actor)
		pools := campaign.ResourcesOf(actor)
		left := func(id string) int { return max(pools[id].Max-pools[id].Used, 0) }
		var ok bool
		way, ok = rep.Way(sp, in.SlotLevel, left)
		if !ok || rep.AbilityOf(way) == "" {
			return d, fault.Refuse(op, "intent.spell", fault.NotAllowed, "%s", rep.Why(actor.Name, sp, in.SlotLevel, left))
		}
		if ability, err = rules.ParseAbility(rep.AbilityOf(way)); err != nil {
			return d, err
		}
		if way.Free {
			slot = way.Level
		}
	}
	sheets := map[string]campaign.Character{actor.ID: actor}
	var targets []rules.Combatant
	for _, id := range append(slices.Clone(in.TargetIDs), in.TargetID) {
		if id == "" {
			continue
		}
		ch := r.v.character(id)
		if ch == nil || !r.here(*ch) {
			return d, fault.Refuse(op, "intent.target_ids", fault.OutOfRange, "%s", r.notHere(ch, id, "here to target"))
		}
		if plan.Self && ch.ID != actor.ID {
			return d, fault.Refuse(op, "intent.target_ids", fault.NotAllowed, "%s casts %s on itself alone this way", actor.Name, sp.Name)
		}
		if ch.ID == actor.ID {
			targets = append(targets, r.sheet)
			continue
		}
		sheets[ch.ID] = *ch
		targets = append(targets, rules.FromSheet(*ch))
	}
	if plan.Self && len(targets) == 0 {
		targets = append(targets, r.sheet)
	}
	opts := spell.Options{Ability: ability, Innate: plan.Free || way.Free}
	if err := encounter.Choose(sp, in.Choice, &opts); err != nil {
		return d, err
	}
	divining(r, sp, append(slices.Clone(in.TargetIDs), in.TargetID), &opts)           // Detect Magic, Nondetection (safeguards.go)
	seeking(r, sp, in.Choice, append(slices.Clone(in.TargetIDs), in.TargetID), &opts) // Identify, the locate spells, Find the Path (seeking.go)
	res, err := spell.Cast(r.sheet, sp.ID, slot, targets, opts, r.src, srd.LookupSpell)
	if err != nil {
		return d, err
	}
	was := maps.Clone(sheets)
	was[actor.ID] = r.actor // what a feature's way of casting spent counts too
	for id, sheetBefore := range sheets {
		before := rules.FromSheet(sheetBefore)
		after, err := before.Apply(res.Changes)
		if err != nil {
			return d, err
		}
		if !reflect.DeepEqual(after, before) {
			sheets[id] = rules.ToSheet(sheetBefore, after)
		}
	}
	// A reincarnated character comes back of the race the spell rolled.
	for _, o := range res.Targets {
		if ch, ok := sheets[o.TargetID]; ok && o.Race != "" {
			if sheets[o.TargetID], err = campaign.Reincarnated(ch, o.Race); err != nil {
				return d, err
			}
		}
	}
	// A ward holds the area its caster stands in (spell/wards.go).
	for i := range res.Effects {
		if res.Effects[i].ID == spell.WardID {
			res.Effects[i].Area = areaOf(r.v.Map, r.actor)
		}
	}
	// What the spell leaves lasts on the sheets, by the clock.
	lasting(sheets, sp, res, r.v.Clock)
	arrived, err := r.travel(res, sheets, &d) // a journey (journeys.go)
	if err != nil {
		return d, err
	}
	free := ""
	if way.Free {
		free = " " + castFreely(sheets, actor, way, sp)
	}
	for id, ch := range sheets {
		if !reflect.DeepEqual(ch, was[id]) {
			d.Changed = append(d.Changed, ch)
		}
	}
	slices.SortFunc(d.Changed, func(a, b campaign.Character) int { return strings.Compare(a.ID, b.ID) })
	d.Rolls, d.Summary = Rolls(res.Rolls), res.Summary()+free+arrived
	return d, nil
}

// castFreely spends from the caster's sheet (in sheets) the use of its
// resource a free casting takes, and says how the spell was cast.
func castFreely(sheets map[string]campaign.Character, actor campaign.Character, way campaign.Known, sp srd.Spell) string {
	if way.Resource == "" {
		return fmt.Sprintf("%s casts %s without a spell slot, at will.", actor.Name, sp.Name)
	}
	ch := sheets[actor.ID]
	pools := campaign.ResourcesOf(ch)
	p := pools[way.Resource]
	p.Used++
	pools[way.Resource] = p
	ch.Resources = pools
	sheets[actor.ID] = ch
	r, _ := srd.LookupResource(way.Resource)
	return fmt.Sprintf("%s casts %s without a spell slot, with %s.", actor.Name, sp.Name, r.Name)
}

// prepare prepares the spells a prepared caster names (campaign.Prepare):
// out of a fight, when it never has or has finished a long rest since.
func prepare(r request, d Decision) (Decision, error) {
	ch, err := campaign.Prepare(r.actor, r.in.Spells)
	if err != nil {
		return d, err
	}
	names := make([]string, len(ch.Prepared))
	for i, id := range ch.Prepared {
		sp, _ := srd.LookupSpell(id)
		names[i] = sp.Name
	}
	d.Changed = []campaign.Character{ch}
	d.Summary = fmt.Sprintf("%s prepares %s.", ch.Name, strings.Join(names, ", "))
	return d, nil
}

// spendPlan takes what a feature's way of casting sp costs from the
// caster's resources, or refuses when too little is left.
func spendPlan(ch campaign.Character, sp srd.Spell, plan encounter.Plan) (campaign.Character, error) {
	if len(plan.Spend) == 0 {
		return ch, nil
	}
	pools := campaign.ResourcesOf(ch)
	for _, id := range slices.Sorted(maps.Keys(plan.Spend)) {
		p, n := pools[id], plan.Spend[id]
		if p.Max-p.Used < n {
			res, _ := srd.LookupResource(id)
			return ch, fault.Refuse(op, "intent.spell", fault.NotAllowed, "%s this way needs %d %s and %s has %d left", sp.Name, n, res.Name, ch.Name, max(p.Max-p.Used, 0))
		}
		p.Used += n
		pools[id] = p
	}
	ch.Resources = pools
	return ch, nil
}

// here reports whether a character is where the actor is: each character
// has its own area, and out of a fight a spell or a hand reaches only
// those in the same one.
//
// A character in a fight under way is not within an outsider's reach,
// wherever it stands (one who teleported out counts still): the fight
// owns its sheet until it ends, and would write over what a hand from
// outside gave it.
func (r request) here(ch campaign.Character) bool {
	if ch.ID != r.actor.ID && slices.Contains(r.fighting, ch.ID) {
		return false
	}
	return areaOf(r.v.Map, ch) == areaOf(r.v.Map, r.actor)
}

// notHere says why the character id names (ch, nil when none is) is out
// of the actor's reach: one in the fight under way, whom a hand reaches
// by joining it, or else nobody of that id where ("here to target").
func (r request) notHere(ch *campaign.Character, id, where string) string {
	if ch != nil && slices.Contains(r.fighting, ch.ID) {
		return ch.Name + " is in the fight: come into it to reach them"
	}
	return fmt.Sprintf("there is no %q %s", id, where)
}

// levelUp raises the actor one level, as its player chose
// (campaign.LevelUp): the level's hit points by the class's fixed value
// or by the hit die the player rolls (with the Constitution modifier, at
// least 1), and the ability score improvement at a level that brings one.
func levelUp(r request, d Decision) (Decision, error) {
	actor := r.actor
	choice := campaign.LevelChoice{Increases: r.in.Increases, Subclass: r.in.Subclass, Choices: r.in.Choices, Replace: r.in.Replace}
	if r.in.HP == campaign.HitPointsRoll && actor.LevelUpReady() && !actor.IsDead() {
		class, ok := srd.LookupClass(actor.Class)
		if !ok {
			return d, fault.E(fault.Internal, op, "class %q is not in the SRD data", actor.Class)
		}
		die, err := dice.Parse("1d" + strconv.Itoa(class.HitDie))
		if err != nil {
			return d, fault.Wrap(fault.Internal, op, err)
		}
		roll := rules.Roll{Reason: fmt.Sprintf("hit points for level %d", actor.Level+1), RollerID: actor.ID, Result: dice.Roll(die, r.src)}
		choice.Roll = roll.Total
		d.Rolls = Rolls([]rules.Roll{roll})
	}
	up, got, err := campaign.LevelUp(actor, choice)
	if err != nil {
		return Decision{Intent: d.Intent}, err
	}
	d.Changed, d.Leveled = []campaign.Character{up}, []campaign.Leveled{got}
	d.Summary = leveledSummary(actor, up, got)
	return d, nil
}

// leveledSummary tells a level up: the hit points, the proficiency
// bonus, the features and the scores raised.
func leveledSummary(before, after campaign.Character, got campaign.Leveled) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s reaches level %d: %d more hit points (maximum %d)", before.Name, got.Level, got.HPGained, got.MaxHP)
	if got.HitPoints == campaign.HitPointsRoll {
		b.WriteString(", from the hit die rolled")
	}
	fmt.Fprintf(&b, "; proficiency bonus +%d", got.ProficiencyBonus)
	if len(got.Features) > 0 {
		fmt.Fprintf(&b, "; %s", strings.Join(got.Features, ", "))
	}
	for _, id := range slices.Sorted(maps.Keys(got.Increases)) {
		ab, _ := rules.ParseAbility(id)
		fmt.Fprintf(&b, "; %s %d to %d", ab.Name(), before.Abilities.Score(id), after.Abilities.Score(id))
	}
	if got.Subclass != "" {
		fmt.Fprintf(&b, "; subclass %s", got.Subclass)
	}
	for _, id := range slices.Sorted(maps.Keys(got.Choices)) {
		var names []string
		for _, v := range got.Choices[id] {
			if f, ok := srd.LookupFeature(v); ok {
				v = f.Name
			}
			names = append(names, v)
		}
		fmt.Fprintf(&b, "; %s: %s", strings.ReplaceAll(id, "-", " "), strings.Join(names, ", "))
	}
	if after.LevelUpReady() {
		fmt.Fprintf(&b, "; %s can level up again", before.Name)
	}
	b.WriteString(".")
	return b.String()
}
