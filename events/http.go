package events

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/srd"
)

// MaxBodyBytes bounds an HTTP request body (an import file may be larger; it
// has its own limit).
const MaxBodyBytes = 64 * 1024

// CreatePlayer is POST /api/players.
type CreatePlayer struct {
	Name string `json:"name"`
}

// RecoverPlayer is POST /api/players/recover.
type RecoverPlayer struct {
	RecoveryCode string `json:"recovery_code"`
	Name         string `json:"name"`
}

// DecodeRecoverPlayer parses and validates POST /api/players/recover.
func DecodeRecoverPlayer(data []byte) (RecoverPlayer, error) {
	const op = "recover player"
	var b RecoverPlayer
	if err := decode(op, data, &b, true); err != nil {
		return b, err
	}
	var err error
	if b.RecoveryCode, err = text(op, "recovery_code", b.RecoveryCode, true, 200); err != nil {
		return b, err
	}
	if b.Name, err = text(op, "name", b.Name, true, 40); err != nil {
		return b, err
	}
	return b, nil
}

// CreateCampaign is POST /api/campaigns.
type CreateCampaign struct {
	Name      string             `json:"name"`
	WorldSeed string             `json:"world_seed"`
	DMPersona string             `json:"dm_persona"`
	Settings  *campaign.Settings `json:"settings"`
}

// JoinCampaign is POST /api/campaigns/{id}/join.
type JoinCampaign struct {
	InviteCode string `json:"invite_code"`
	// From is the address the request came from (the API sets it; a body
	// cannot): invite guesses are throttled per address too.
	From string `json:"-"`
}

// decode reads one JSON object into v. Strict decoders refuse fields the
// contract does not have, so a typo is an error, not a silent default.
func decode(op string, data []byte, v any, strict bool) error {
	if len(data) > MaxBodyBytes {
		return fault.E(fault.TooLarge, op, "body is larger than %d bytes", MaxBodyBytes)
	}
	if !utf8.Valid(data) {
		return fault.E(fault.Invalid, op, "body is not UTF-8")
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	if strict {
		dec.DisallowUnknownFields()
	}
	if err := dec.Decode(v); err != nil {
		return fault.E(fault.Invalid, op, "body is not a valid JSON object: %s", jsonProblem(err))
	}
	if dec.More() {
		return fault.E(fault.Invalid, op, "body has trailing data")
	}
	return nil
}

// text checks a required or optional free-text field.
func text(op, field, v string, required bool, maxRunes int) (string, error) {
	v = strings.TrimSpace(v)
	if v == "" && required {
		return v, fault.Field(op, field, "is required")
	}
	if utf8.RuneCountInString(v) > maxRunes {
		return v, fault.Field(op, field, "must be at most %d characters", maxRunes)
	}
	for _, r := range v {
		if r < 0x20 && r != '\n' && r != '\t' {
			return v, fault.Field(op, field, "must not contain control characters")
		}
	}
	return v, nil
}

// DecodeCreatePlayer parses and validates POST /api/players.
func DecodeCreatePlayer(data []byte) (CreatePlayer, error) {
	const op = "create player"
	var b CreatePlayer
	if err := decode(op, data, &b, true); err != nil {
		return b, err
	}
	var err error
	b.Name, err = text(op, "name", b.Name, true, 40)
	return b, err
}

// DecodeCreateCampaign parses and validates POST /api/campaigns.
func DecodeCreateCampaign(data []byte) (CreateCampaign, error) {
	const op = "create campaign"
	var b CreateCampaign
	if err := decode(op, data, &b, true); err != nil {
		return b, err
	}
	var err error
	if b.Name, err = text(op, "name", b.Name, true, 80); err != nil {
		return b, err
	}
	if b.WorldSeed, err = text(op, "world_seed", b.WorldSeed, false, 4000); err != nil {
		return b, err
	}
	if b.DMPersona, err = text(op, "dm_persona", b.DMPersona, false, 2000); err != nil {
		return b, err
	}
	return b, nil
}

// DecodeJoinCampaign parses and validates POST /api/campaigns/{id}/join.
func DecodeJoinCampaign(data []byte) (JoinCampaign, error) {
	const op = "join campaign"
	var b JoinCampaign
	if err := decode(op, data, &b, true); err != nil {
		return b, err
	}
	var err error
	b.InviteCode, err = text(op, "invite_code", b.InviteCode, true, 64)
	return b, err
}

// DecodeNewCharacter parses POST /api/campaigns/{id}/characters. The body
// is a character sheet (protocol.md): the fields a player chooses are
// read, those of the sheet the server derives (hp, ac, ...) are ignored,
// and a field that is neither is refused by name, so a choice the server
// does not know is never dropped in silence; campaign.NewCharacter.Build
// validates the rest.
func DecodeNewCharacter(data []byte) (campaign.NewCharacter, error) {
	const op = "create character"
	var b campaign.NewCharacter
	if err := decode(op, data, &b, false); err != nil {
		return b, err
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(data, &fields); err != nil {
		return b, fault.E(fault.Invalid, op, "body is not a JSON object")
	}
	for _, k := range slices.Sorted(maps.Keys(fields)) {
		if !characterFields()[k] {
			return b, fault.Field(op, clipField(k), "is not a field of a new character: choose name, race, class, level, abilities, skills, subclass, choices or increases (GET /api/rules/choices lists the choices a class makes)")
		}
	}
	return b, nil
}

// characterFields are the JSON names a new character's body may hold: a
// NewCharacter's and a sheet's.
var characterFields = sync.OnceValue(func() map[string]bool {
	out := map[string]bool{}
	for _, t := range []reflect.Type{reflect.TypeFor[campaign.NewCharacter](), reflect.TypeFor[campaign.Character]()} {
		for f := range t.Fields() {
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name != "" && name != "-" {
				out[name] = true
			}
		}
	}
	return out
})

// StartEncounter is POST /api/campaigns/{id}/encounters.
type StartEncounter struct {
	Monsters []struct {
		SRDID string `json:"srd_id"`
		Count int    `json:"count"`
	} `json:"monsters"`
	AreaID   string   `json:"area_id"`
	Surprise []string `json:"surprise"`
}

// DecodeStartEncounter parses and validates POST .../encounters; the
// encounter engine checks the monsters against the rules data.
func DecodeStartEncounter(data []byte) (StartEncounter, error) {
	const op = "start encounter"
	var b StartEncounter
	if err := decode(op, data, &b, true); err != nil {
		return b, err
	}
	if len(b.Monsters) == 0 || len(b.Monsters) > 10 {
		return b, fault.Field(op, "monsters", "name 1 to 10 kinds of monster")
	}
	for i, m := range b.Monsters {
		if m.SRDID == "" || len(m.SRDID) > MaxIDLength {
			return b, fault.Field(op, fmt.Sprintf("monsters[%d].srd_id", i), "is required")
		}
	}
	if len(b.Surprise) > 40 {
		return b, fault.Field(op, "surprise", "names at most 40 participants")
	}
	return b, nil
}

// NewSecret is POST /api/campaigns/{id}/secrets: canon only the game
// master knows, about a subject (a name the narrator recalls it by).
type NewSecret struct {
	Subject string `json:"subject"`
	Text    string `json:"text"`
}

// DecodeSecret parses and validates POST .../secrets: text of 1 to 500
// characters, a subject of at most 60.
func DecodeSecret(data []byte) (NewSecret, error) {
	const op = "add secret"
	var b NewSecret
	if err := decode(op, data, &b, true); err != nil {
		return b, err
	}
	var err error
	if b.Text, err = text(op, "text", b.Text, true, 500); err != nil {
		return b, err
	}
	if b.Subject, err = text(op, "subject", b.Subject, false, 60); err != nil {
		return b, err
	}
	return b, nil
}

// MaxHomebrewMonsters bounds a campaign's homebrew stat blocks.
const MaxHomebrewMonsters = 50

// DecodeHomebrew parses and validates POST /api/campaigns/{id}/homebrew:
// the campaign's homebrew stat blocks by id ({"monsters": {...}}), each
// one checked as the SRD's are (srd.Overrides.Validate). Homebrew spells
// and weapons are refused: play does not use them yet.
func DecodeHomebrew(data []byte) (srd.Overrides, error) {
	const op = "set homebrew"
	var o srd.Overrides
	if err := decode(op, data, &o, true); err != nil {
		return o, err
	}
	return o, checkHomebrew(op, o)
}

// checkHomebrew refuses homebrew play does not take: spells, weapons, too
// many monsters, or a stat block that does not validate.
func checkHomebrew(op string, o srd.Overrides) error {
	switch {
	case len(o.Spells) > 0:
		return fault.Field(op, "spells", "homebrew spells are not played yet; only monsters are")
	case len(o.Weapons) > 0:
		return fault.Field(op, "weapons", "homebrew weapons are not played yet; only monsters are")
	case len(o.Monsters) > MaxHomebrewMonsters:
		return fault.Field(op, "monsters", "at most %d homebrew monsters", MaxHomebrewMonsters)
	}
	return o.Validate()
}

// EndEncounter is POST /api/campaigns/{id}/encounters/{eid}/end.
type EndEncounter struct {
	Outcome string   `json:"outcome"`
	DryRun  bool     `json:"dry_run"`
	Only    []string `json:"only"`
	Exclude []string `json:"exclude"`
}

// DecodeEndEncounter parses POST .../end; the engine checks the outcome.
func DecodeEndEncounter(data []byte) (EndEncounter, error) {
	const op = "end encounter"
	var b EndEncounter
	if err := decode(op, data, &b, true); err != nil {
		return b, err
	}
	if b.Outcome == "" {
		return b, fault.Field(op, "outcome", "is required: victory, defeat, fled, negotiated or other")
	}
	if len(b.Only) > 40 || len(b.Exclude) > 40 {
		return b, fault.Field(op, "only", "names at most 40 characters")
	}
	return b, nil
}

// Gift is POST /api/campaigns/{id}/characters/{cid}/give: what the owner
// gives a character, or the character finds: Qty (1 if left out) of an
// item the rules know (an SRD weapon, armour, gear or potion of healing,
// by id), coins, or both.
type Gift struct {
	Item string `json:"item,omitempty"`
	// Magic is the magic item that enchants Item (a "weapon-1" on a
	// "longsword" is a +1 longsword); a magic item in its own right is
	// Item itself ("ring-of-protection").
	Magic string `json:"magic,omitempty"`
	// Pick is what the magic item's text leaves to the GM, chosen now
	// (an Armor of Resistance's damage type: campaign.Picks).
	Pick  string          `json:"pick,omitempty"`
	Qty   int             `json:"qty,omitempty"`
	Coins *campaign.Coins `json:"coins,omitempty"`
}

// Bounds of a gift.
const (
	MaxGiftQty   = 100
	MaxGiftCoins = 100000
)

// DecodeGift parses and validates a gift: only its fields; an item that
// is one the rules know, 1 to MaxGiftQty of it (qty without an item is
// refused); each kind of coin 0 to MaxGiftCoins; something given.
func DecodeGift(data []byte) (Gift, error) {
	const op = "give"
	var g Gift
	if err := decode(op, data, &g, true); err != nil {
		return g, err
	}
	switch {
	case len(g.Item) > MaxIDLength:
		return g, fault.Field(op, "item", "is longer than %d bytes", MaxIDLength)
	case len(g.Magic) > MaxIDLength:
		return g, fault.Field(op, "magic", "is longer than %d bytes", MaxIDLength)
	case g.Magic != "" && g.Item == "":
		return g, fault.Field(op, "magic", "goes with the item it enchants")
	case g.Item != "":
		m, magic := srd.LookupMagicItem(g.Item)
		_, potion := srd.LookupPotion(g.Item)
		switch _, ok := srd.ItemName(g.Item); {
		case !ok || (magic && m.Enchants != ""):
			return g, fault.Field(op, "item", "%q is no SRD weapon, armour, gear, potion or magic item id", truncate(g.Item, 40))
		case magic && m.Rarity == "varies" && !potion:
			return g, fault.Field(op, "item", "%s names a family of magic items; give one of them", m.Name)
		}
		if g.Magic != "" {
			if err := campaign.Enchantable(g.Item, g.Magic); err != nil {
				return g, fault.Field(op, "magic", "%v", err)
			}
		}
		if ps := campaign.Picks(cmp.Or(g.Magic, g.Item)); g.Pick != "" && !slices.Contains(ps, g.Pick) {
			if len(ps) == 0 {
				return g, fault.Field(op, "pick", "the item leaves nothing to choose")
			}
			return g, fault.Field(op, "pick", "must be one of %s", strings.Join(ps, ", "))
		}
		if g.Qty == 0 {
			g.Qty = 1
		}
		if g.Qty < 1 || g.Qty > MaxGiftQty {
			return g, fault.Field(op, "qty", "must be between 1 and %d", MaxGiftQty)
		}
	case g.Qty != 0:
		return g, fault.Field(op, "qty", "goes with an item")
	case g.Pick != "":
		return g, fault.Field(op, "pick", "goes with an item")
	}
	if g.Coins != nil {
		c := *g.Coins
		for _, n := range []int{c.CP, c.SP, c.EP, c.GP, c.PP} {
			if n < 0 || n > MaxGiftCoins {
				return g, fault.Field(op, "coins", "each kind of coin must be between 0 and %d", MaxGiftCoins)
			}
		}
		if c.Zero() {
			g.Coins = nil
		}
	}
	if g.Item == "" && g.Coins == nil {
		return g, fault.Field(op, "item", "give an item, coins or both")
	}
	return g, nil
}

// clipField shortens a field name a refusal echoes.
func clipField(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}

// Budget is what the owner lets the narrator spend (POST
// /api/campaigns/{id}/budget): a session's and the campaign's whole life,
// in US dollars; a field left out (or null) sets no budget. Near a
// budget's end narration saves in steps (campaign.Thrift).
type Budget struct {
	SessionUSD  *float64 `json:"session_usd"`
	CampaignUSD *float64 `json:"campaign_usd"`
}

// DecodeBudget reads a Budget: numbers within the settings' bounds.
func DecodeBudget(data []byte) (Budget, error) {
	const op = "budget"
	var b Budget
	if err := decode(op, data, &b, true); err != nil {
		return b, err
	}
	s := campaign.DefaultSettings()
	s.BudgetUSDPerSession, s.BudgetUSDPerCampaign = b.SessionUSD, b.CampaignUSD
	if _, err := s.Normalize(); err != nil {
		return b, fault.Wrap(fault.Invalid, op, err)
	}
	return b, nil
}
