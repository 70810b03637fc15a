package encounter

import (
	"chronicler/shared/campaign"
	"chronicler/shared/rules"
	"chronicler/shared/srd"
)

// SheetWorking is how the rules make the numbers of ch's sheet, out of a
// fight: its armour class, its saving throws' and skills' bonuses, each
// weapon's attack bonus as its Attack action would make it (the
// features that change every attack with it counted: Archery, a magic
// weapon) and its spell save DC. The bonuses of one attack or one moment
// (advantage, Bless, cover) are the roll's own working, not the sheet's.
func SheetWorking(ch campaign.Character) campaign.SheetWorking {
	// The character as a fight takes it in, worn items' features with it,
	// so that the sheet's numbers are the ones its rolls make.
	p := characterParticipant(ch)
	c := p.Combatant
	out := campaign.SheetWorking{CharacterID: ch.ID, Saves: []campaign.NumberWorking{}, Skills: []campaign.NumberWorking{}, Attacks: []campaign.NumberWorking{}}
	ac := campaign.ArmorClassTerms(ch)
	out.AC = number("ac", "Armor class", ac, "Armor Class")
	for a := rules.Str; a <= rules.Cha; a++ {
		out.Saves = append(out.Saves, number(a.String(), a.Name()+" saving throw", c.SaveTerms(a), campaign.RuleSavingThrows))
	}
	for s := rules.Skill(1); s <= rules.Survival; s++ {
		out.Skills = append(out.Skills, number(s.String(), s.Name()+" ("+s.Ability().Name()+")", c.CheckTerms(s.Ability(), s), campaign.RuleAbilityCheck))
	}
	// A target that changes nothing: the attack as the sheet holds it.
	dummy := Participant{ID: "sheet-target", Name: "a target", Kind: KindMonster, Type: "humanoid"}
	e := Encounter{Participants: []Participant{p, dummy}}
	for _, id := range append(append([]string(nil), p.Weapons...), unarmed) {
		req, err := weaponAttack(p, id, 0, "")
		if err != nil {
			// A ranged weapon is aimed at range; one that cannot be used
			// at all (a net) has no attack bonus to show.
			if req, err = weaponAttack(p, id, 30, ""); err != nil {
				continue
			}
		}
		e.featuresAttack(0, 1, &req)
		label := req.Weapon
		if w, ok := srd.LookupWeapon(id); ok {
			label = w.Name
		}
		key := id
		if id == unarmed {
			key, label = "unarmed", "Unarmed strike"
		}
		out.Attacks = append(out.Attacks, number(key, label+" attack", req.BonusTerms(), campaign.RuleAttackRolls))
	}
	if a, err := spellAbility(p); err == nil {
		dc := rules.SpellDC(ch.Name, a, c.Modifier(a), c.ProficiencyBonus)
		out.SpellDC = &campaign.NumberWorking{Key: "spell_dc", Label: "Spell save DC", Value: dc.Value, Terms: dc.Terms, Rule: "Spellcasting"}
	}
	return out
}

// number is one number of the sheet made of terms.
func number(key, label string, terms []campaign.Term, rule string) campaign.NumberWorking {
	if terms == nil {
		terms = []campaign.Term{}
	}
	return campaign.NumberWorking{Key: key, Label: label, Value: campaign.SumTerms(terms), Terms: terms, Rule: rule}
}
