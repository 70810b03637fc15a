package campaign_test

import (
	"testing"

	"chronicler/shared/campaign"
)

func spell(s string) *string { return &s }

// The same spell's effect replaces itself rather than adding up; another
// spell's adds.
func TestEffectsDoNotStack(t *testing.T) {
	ch := campaign.Character{ID: "mira", AC: 13, Speed: 30, HP: 10, MaxHP: 10}
	ch = ch.WithEffect(campaign.Effect{ID: "aid", Spell: "aid", CasterID: "bram", MaxHP: 5, Until: 100})
	ch = ch.WithEffect(campaign.Effect{ID: "aid", Spell: "aid", CasterID: "cleo", MaxHP: 5, Until: 200})
	ch = ch.WithEffect(campaign.Effect{ID: "longstrider", Spell: "longstrider", CasterID: "bram", Speed: 10, Until: 50})
	if ch.MaxHP != 15 || ch.HP != 15 || ch.Speed != 40 || len(ch.Effects) != 2 || ch.Effects[0].Until != 200 {
		t.Fatalf("%d/%d HP, speed %d, effects %+v; want one Aid (the later) and Longstrider", ch.HP, ch.MaxHP, ch.Speed, ch.Effects)
	}
	out := campaign.Expire([]campaign.Character{ch}, 60)
	if len(out) != 1 || out[0].Speed != 30 || out[0].MaxHP != 15 {
		t.Fatalf("at 60: %+v; Longstrider is over, Aid is not", out)
	}
}

// Concentration ends as the caster is knocked out, and the effects it
// held on others with it; a caster out of the list is taken to hold it.
func TestConcentrationEndsWhenTheCasterIsIncapacitated(t *testing.T) {
	bram := campaign.Character{ID: "bram", HP: 8, MaxHP: 8, Concentration: spell("shield-of-faith"), Conditions: []string{"unconscious"}}
	mira := campaign.Character{ID: "mira", HP: 10, MaxHP: 10, AC: 18}.
		WithEffect(campaign.Effect{ID: "shield-of-faith", Spell: "shield-of-faith", CasterID: "bram", AC: 2, Concentration: true, Until: 600})
	if got := campaign.Expire([]campaign.Character{mira}, 0); got != nil {
		t.Fatalf("with Bram elsewhere: %+v", got)
	}
	got := campaign.Expire([]campaign.Character{bram, mira}, 0)
	if len(got) != 2 || got[0].Concentration != nil || got[1].AC != 18 || got[1].Effects != nil {
		t.Fatalf("Bram unconscious: %+v", got)
	}
}

// A condition an effect held goes with it, unless another still holds it.
func TestAConditionGoesWithItsEffect(t *testing.T) {
	ch := campaign.Character{ID: "tavi", HP: 5, MaxHP: 5, Conditions: []string{"invisible", "prone"}}
	ch = ch.WithEffect(campaign.Effect{ID: "invisible", Spell: "invisibility", CasterID: "sol", Condition: "invisible", Until: 10})
	ch = ch.WithEffect(campaign.Effect{ID: "invisible", Spell: "greater-invisibility", CasterID: "sol", Condition: "invisible", Until: 20})
	out := campaign.Expire([]campaign.Character{ch}, 10)
	if len(out) != 1 || len(out[0].Conditions) != 2 {
		t.Fatalf("at 10: %+v; Greater Invisibility still holds it", out)
	}
	out = campaign.Expire(out, 20)
	if len(out) != 1 || len(out[0].Conditions) != 1 || out[0].Conditions[0] != "prone" {
		t.Fatalf("at 20: %+v", out)
	}
}
