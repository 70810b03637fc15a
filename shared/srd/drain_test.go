package srd_test

import (
	"strconv"
	"strings"
	"testing"

	"chronicler/shared/srd"
)

// drainsTold are the actions whose text takes from a hit point maximum
// that the data carries neither as a life drain (srd.Action.Drain) nor as
// an affliction that reduces it (srd.Action.Affliction: a clay golem's
// slam, mummy rot, a disease's daily loss), each with its reason
// ("monster/action").
var drainsTold = map[string]string{
	"death-dog/bite":                 "a disease whose 1d10 from the maximum comes on each day's failed save, with poison until cured: an affliction keeps a daily loss, not yet a daily save or a condition it holds",
	"otyugh/bite":                    "a disease whose 1d10 from the maximum comes on each day's failed save, with poison until cured: an affliction keeps a daily loss, not yet a daily save or a condition it holds",
	"night-hag/nightmare-haunting":   "a haunting of a sleeper from the Ethereal Plane, out of any fight",
	"succubus-incubus/draining-kiss": "a kiss on a charmed or willing creature, which the fights do not choose",
}

// TestDrainsFollowTheText reads every monster action's text for a hit
// point maximum it reduces, and requires a life drain in the data or a
// reason above; and every drain in the data to be said by its text.
func TestDrainsFollowTheText(t *testing.T) {
	said, data, afflicted := 0, 0, 0
	referenceEntries(t, func(r xMonster, m srd.Monster, all []srd.Action, ra xAction, a srd.Action) {
		key := r.Index + "/" + a.ID
		_, told := drainsTold[key]
		reduces := strings.Contains(ra.Desc, "hit point maximum is reduced") || strings.Contains(ra.Desc, "hit point maximum reduced") ||
			strings.Contains(ra.Desc, "hit point maximum decreases") || strings.Contains(ra.Desc, "reducing its hit point maximum")
		switch {
		case a.Drain != nil && !reduces:
			t.Errorf("%s: the data drains, and the text reduces no hit point maximum", key)
		case a.Drain != nil && told:
			t.Errorf("%s is in the data and told too", key)
		case a.Drain != nil:
			said++
			data++
			if a.Drain.Save != nil && !strings.Contains(ra.Desc, "DC "+strconv.Itoa(a.Drain.Save.Value)) {
				t.Errorf("%s: the drain's DC %d is not the text's", key, a.Drain.Save.Value)
			}
			if a.Drain.Type != "" && !strings.Contains(ra.Desc, a.Drain.Type+" damage taken") {
				t.Errorf("%s: the drain's %s damage is not the text's", key, a.Drain.Type)
			}
		case reduces && a.Affliction != nil && (a.Affliction.Drains || a.Affliction.Daily != "") && told:
			t.Errorf("%s is in the data as an affliction and told too", key)
		case reduces && a.Affliction != nil && (a.Affliction.Drains || a.Affliction.Daily != ""):
			said++
			afflicted++
		case reduces && !told:
			t.Errorf("%s: the text reduces a hit point maximum, and the data has no drain", key)
		case reduces:
			said++
		}
	})
	for k, why := range drainsTold {
		if why == "" {
			t.Errorf("%s is told without a reason", k)
		}
	}
	if data < 6 {
		t.Errorf("drains in the data: %d, want the wight's, wraith's, specter's and the vampires' 6", data)
	}
	t.Logf("hit point maxima reduced by the text: %d; in the data: %d (%d drains, %d afflictions); told: %d", said, data+afflicted, data, afflicted, len(drainsTold))
}
