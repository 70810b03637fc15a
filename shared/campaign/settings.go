package campaign

import (
	"slices"

	"chronicler/shared/fault"
	"chronicler/shared/intent"
)

// Settings are a campaign's table rules (protocol.md).
type Settings struct {
	DiceMode              string          `json:"dice_mode"`
	ReactionWindowSeconds int             `json:"reaction_window_seconds"`
	RollTimeoutSeconds    int             `json:"roll_timeout_seconds"`
	InactivityDays        int             `json:"inactivity_days"`
	Narrator              NarratorSetting `json:"narrator"`
	BudgetUSDPerSession   *float64        `json:"budget_usd_per_session,omitempty"`
	// BudgetUSDPerCampaign bounds what the narrator may cost over the
	// campaign's whole life; like the session's, narration saves in steps
	// as it nears its end (Thrift).
	BudgetUSDPerCampaign *float64 `json:"budget_usd_per_campaign,omitempty"`
	// Allowlist is the intent kinds the table plays with; empty allows
	// them all. The kinds the rules mark Always (speaking, ending a turn)
	// are allowed whatever it says.
	Allowlist []string `json:"allowlist,omitempty"`
	// OnDefeat is what the monsters do once every character in a fight is
	// down: OnDefeatLeave (the default; "" reads as it), OnDefeatPrisoners
	// or OnDefeatFightToTheDeath.
	OnDefeat string `json:"on_defeat,omitempty"`
}

// The monsters' intent on victory (Settings.OnDefeat). With leave and
// prisoners the fight ends when the last character falls and the narrator
// tells which; the dying go on rolling death saves. Fighting to the death,
// the monsters finish the fallen, and the fight ends when every character
// is dead.
const (
	OnDefeatLeave           = "leave"
	OnDefeatPrisoners       = "prisoners"
	OnDefeatFightToTheDeath = "fight_to_the_death"
)

// DefeatIntent is the monsters' intent on victory: OnDefeat as DefeatIntent
// reads it.
func (s Settings) DefeatIntent() string { return DefeatIntent(s.OnDefeat) }

// DefeatIntent reads an on_defeat value, the one place its default is
// set: "" (a campaign, or an encounter, from before the setting, or a
// request that leaves it out) is OnDefeatLeave.
func DefeatIntent(onDefeat string) string {
	if onDefeat == "" {
		return OnDefeatLeave
	}
	return onDefeat
}

// IntentKinds are the kinds of structured action a turn may take: the
// rules' kind table, in its order.
var IntentKinds = intent.Names()

// Allows reports whether the campaign's allowlist lets a turn take an
// intent of this kind.
func (s Settings) Allows(kind string) bool {
	return intent.Allowed(s.Allowlist, kind)
}

// NarratorSetting chooses how the narrator routes work between model tiers.
type NarratorSetting struct {
	TierPolicy string `json:"tier_policy"`
}

// Dice modes.
const (
	DiceInteractive = "interactive"
	DiceAutomatic   = "automatic"
	DiceHybrid      = "hybrid"
)

// DefaultSettings are what a campaign gets for every field left out. Dice
// are automatic by default: the server rolls at once; a table that wants
// to roll asks for interactive or hybrid.
func DefaultSettings() Settings {
	return Settings{
		DiceMode:              DiceAutomatic,
		ReactionWindowSeconds: 15,
		RollTimeoutSeconds:    120,
		InactivityDays:        90,
		Narrator:              NarratorSetting{TierPolicy: "auto"},
		OnDefeat:              DefeatIntent(""),
	}
}

// Normalize fills zero fields with defaults and validates the rest.
func (s Settings) Normalize() (Settings, error) {
	const op = "campaign settings"
	d := DefaultSettings()
	if s.DiceMode == "" {
		s.DiceMode = d.DiceMode
	}
	if s.ReactionWindowSeconds == 0 {
		s.ReactionWindowSeconds = d.ReactionWindowSeconds
	}
	if s.RollTimeoutSeconds == 0 {
		s.RollTimeoutSeconds = d.RollTimeoutSeconds
	}
	if s.InactivityDays == 0 {
		s.InactivityDays = d.InactivityDays
	}
	if s.Narrator.TierPolicy == "" {
		s.Narrator.TierPolicy = d.Narrator.TierPolicy
	}
	s.OnDefeat = s.DefeatIntent()
	switch s.DiceMode {
	case DiceInteractive, DiceAutomatic, DiceHybrid:
	default:
		return s, fault.Field(op, "settings.dice_mode", "must be interactive, automatic or hybrid")
	}
	if s.ReactionWindowSeconds < 5 || s.ReactionWindowSeconds > 30 {
		return s, fault.Field(op, "settings.reaction_window_seconds", "must be between 5 and 30")
	}
	if s.RollTimeoutSeconds < 30 || s.RollTimeoutSeconds > 600 {
		return s, fault.Field(op, "settings.roll_timeout_seconds", "must be between 30 and 600")
	}
	if s.InactivityDays < 1 || s.InactivityDays > 3650 {
		return s, fault.Field(op, "settings.inactivity_days", "must be between 1 and 3650")
	}
	switch s.Narrator.TierPolicy {
	case "auto", "high", "low":
	default:
		return s, fault.Field(op, "settings.narrator.tier_policy", "must be auto, high or low")
	}
	switch s.OnDefeat {
	case OnDefeatLeave, OnDefeatPrisoners, OnDefeatFightToTheDeath:
	default:
		return s, fault.Field(op, "settings.on_defeat", "must be leave, prisoners or fight_to_the_death")
	}
	if b := s.BudgetUSDPerSession; b != nil && (*b < 0 || *b > 1000) {
		return s, fault.Field(op, "settings.budget_usd_per_session", "must be between 0 and 1000")
	}
	if b := s.BudgetUSDPerCampaign; b != nil && (*b < 0 || *b > 100000) {
		return s, fault.Field(op, "settings.budget_usd_per_campaign", "must be between 0 and 100000")
	}
	if len(s.Allowlist) > len(IntentKinds) {
		return s, fault.Field(op, "settings.allowlist", "lists at most %d kinds", len(IntentKinds))
	}
	for _, k := range s.Allowlist {
		if !slices.Contains(IntentKinds, k) {
			return s, fault.Field(op, "settings.allowlist", "%q is not an intent kind (%v)", truncate(k, 40), IntentKinds)
		}
	}
	if len(s.Allowlist) > 0 {
		s.Allowlist = slices.Compact(slices.Sorted(slices.Values(s.Allowlist)))
	}
	return s, nil
}

// truncate cuts s to n runes for a message, marking the cut.
func truncate(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "..."
	}
	return s
}
