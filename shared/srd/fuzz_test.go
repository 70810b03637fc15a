package srd_test

import (
	"encoding/json"
	"sync"
	"testing"

	"chronicler/shared/fault"
	"chronicler/shared/srd"
)

// FuzzOverrides feeds campaign homebrew, as it arrives, through decoding and
// NewBook: it must never panic, and a rejection is always an Invalid fault.
func FuzzOverrides(f *testing.F) {
	fireball, _ := srd.LookupSpell("fireball")
	lich, _ := srd.LookupMonster("lich")
	whip, _ := srd.LookupWeapon("whip")
	seed, _ := json.Marshal(srd.Overrides{
		Spells:   map[string]srd.Spell{"fireball": fireball},
		Monsters: map[string]srd.Monster{"lich": lich},
		Weapons:  map[string]srd.Weapon{"whip": whip},
	})
	f.Add(seed)
	f.Add([]byte(`{"spells":{"x":{"id":"x","level":3,"damage":{"by_slot_level":{"1":"1d6"}},"save":{}}}}`))
	f.Add([]byte(`{"monsters":{"m":{"id":"m","actions":[{"damage":[{"one_of":[{}]}],"multiattack":{},"options":[{}]}]}}}`))
	f.Add([]byte(`{"weapons":{"w":{"range":{"normal":-1},"properties":["thrown"]}}}`))
	f.Add([]byte(`{"monsters":{"m":{"id":"m","actions":[{"attack_bonus":4,"on_hit":[{"condition":"grappled","save":{"ability":"str","value":0},"escape":-1,"except":[""]}]}]}}}`))
	f.Add([]byte(`{"monsters":{"m":{"id":"m","actions":[{"attack_bonus":4,"swallow":{"attack":"Bite","hits":9,"max_size":"huge","save":{"ability":"dex","value":0},"digest":{"dice":"6d6","type":"acid","dc":{"ability":"con","value":14}},"limit":-1,"regurgitate":30,"regurgitate_dc":99,"exit_feet":15}}]}}}`))
	f.Add([]byte(`{"monsters":{"m":{"id":"m","actions":[{"attack_bonus":4,"drain":{"save":{"ability":"con","value":99},"type":"x","heals":true}}]}}}`))
	f.Add([]byte(`{"monsters":{"m":{"id":"m","special_abilities":[{"id":"charge","follows":"gore","then":"x","on_hit":[{"condition":"prone"}]}],"actions":[{"id":"gore","attack_bonus":1}]}}}`))
	f.Add([]byte(`{"monsters":{"m":{"id":"m","actions":[{"attack_bonus":4,"ongoing":{"name":"","dice":"0d10","type":"soul","save":{"value":99},"stanch":{"ability":"x","skill":"y","dc":-1},"except":["A B"]},"downs":{"condition":"dead","duration":"forever","while":"x"},"slays":{"hp":-1,"save":{}},"on_hit":[{"condition":"poisoned","sleep":{"fail_by":-5,"at_most":99,"duration":"1d10 years"},"worsens":"x","worsens_for":"1 year"}]}]}}}`))
	f.Add([]byte(`{"monsters":{"m":{"id":"m","actions":[{"attack_bonus":4,"damage":[{"dice":"1d8","type":"piercing","instead":{"when":"giant","dice":"0d8","attack_bonus":-1}}],"affliction":{"name":"","kind":"hex","save":{"ability":"con","value":99},"only":["A B"],"no_healing":"some","daily":"3d7","drains":true}}]}}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var o srd.Overrides
		if json.Unmarshal(data, &o) != nil {
			return
		}
		b, err := srd.NewBook(o)
		if err != nil {
			if !fault.Is(err, fault.Invalid) {
				t.Fatalf("rejection is not Invalid: %v", err)
			}
			return
		}
		for id := range o.Spells {
			if _, ok := b.Spell(id); !ok {
				t.Fatalf("accepted spell %q is not found", id)
			}
		}
	})
}

func TestConcurrentLookups(t *testing.T) {
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for range 20 {
				if _, ok := srd.LookupMonster("tarrasque"); !ok {
					t.Error("no tarrasque")
				}
				_ = srd.Spells()
			}
		})
	}
	wg.Wait()
}
