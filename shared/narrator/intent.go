package narrator

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/invopop/jsonschema"

	"chronicler/shared/intent"
)

// A player's words the engine's own parser cannot read ("I vault the bar
// and bring my axe down on the nearer goblin") go to the low tier, which
// answers with one of the engine's actions (a read_intent) naming only
// what the engine offered it. The engine then decides the
// action as if the player had pressed its button; an answer that names
// anything else is refused whole, and the words are narrated as they are.

// IntentFormName names the answer an intent call asks for.
const IntentFormName = "read_intent"

// Choice is one thing an action may name: its id and how it reads.
type Choice struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// IntentChoices are what the acting character can name now.
type IntentChoices struct {
	Areas   []Choice // reachable areas (move)
	Targets []Choice // creatures (attack, cast, help)
	Weapons []Choice // weapons carried (attack)
	Items   []Choice // items carried (use_item, equip, unequip)
	Spells  []Choice // spells of the character's class (cast)
	// Features are the class features and racial traits the character
	// uses on a turn (feature).
	Features []Choice
}

// IntentRequest asks the low tier to read one player's words as an action.
type IntentRequest struct {
	CampaignName string
	Actor        string
	Text         string
	Fighting     bool // an encounter is under way
	Choices      IntentChoices
}

// ReadIntent is a read_intent answer: protocol.md's intent, with
// say for words and anything that is not one of the actions. The kinds it
// offers, and the fields each may fill, are the rules' kind table's
// (intent.Kind's Read and ReadFields).
type ReadIntent struct {
	Kind       string   `json:"kind" jsonschema_description:"The one action; say when the words only speak, or do what none of the actions covers."`
	TargetID   string   `json:"target_id,omitempty" jsonschema_description:"attack, help, grapple, shove: a target's id."`
	TargetIDs  []string `json:"target_ids,omitempty" jsonschema_description:"cast: the targets' ids."`
	Weapon     string   `json:"weapon,omitempty" jsonschema_description:"attack: a weapon's id; left out for the usual one."`
	Spell      string   `json:"spell,omitempty" jsonschema_description:"cast: a spell's id."`
	SlotLevel  int      `json:"slot_level,omitempty" jsonschema_description:"cast: only if the words say it."`
	Ability    string   `json:"ability,omitempty" jsonschema:"enum=str,enum=dex,enum=con,enum=int,enum=wis,enum=cha" jsonschema_description:"check."`
	Skill      string   `json:"skill,omitempty" jsonschema_description:"check: when one applies, as sleight_of_hand."`
	Difficulty string   `json:"difficulty,omitempty" jsonschema:"enum=very_easy,enum=easy,enum=medium,enum=hard,enum=very_hard,enum=nearly_impossible" jsonschema_description:"check: medium unless something makes the task easier or harder."`
	ToAreaID   string   `json:"to_area_id,omitempty" jsonschema_description:"move: an area's id."`
	Item       string   `json:"item,omitempty" jsonschema_description:"use_item, equip, unequip: an item's id."`
	Rest       string   `json:"rest,omitempty" jsonschema:"enum=short,enum=long" jsonschema_description:"rest."`
	Feature    string   `json:"feature,omitempty" jsonschema_description:"feature: a feature's id."`
	Choice     string   `json:"choice,omitempty" jsonschema_description:"feature: what for, only if the words say it (a beast to become, dash or disengage)."`
}

// JSONSchemaExtend offers the kinds the rules' table marks Read, in its
// order.
func (ReadIntent) JSONSchemaExtend(s *jsonschema.Schema) {
	kind, ok := s.Properties.Get("kind")
	if !ok {
		panic("read_intent has no kind") // a programming error: the type is ours
	}
	kind.Enum = nil
	for _, k := range intent.Kinds() {
		if k.Read {
			kind.Enum = append(kind.Enum, k.Name)
		}
	}
}

// intent is the answer as the rules' intent, to ask it what it sets.
func (r ReadIntent) intent() intent.Intent {
	return intent.Intent{Kind: r.Kind, TargetID: r.TargetID, TargetIDs: r.TargetIDs, Weapon: r.Weapon, Spell: r.Spell,
		SlotLevel: r.SlotLevel, Ability: r.Ability, Skill: r.Skill, Difficulty: r.Difficulty, ToAreaID: r.ToAreaID, Item: r.Item, Rest: r.Rest,
		Feature: r.Feature, Choice: r.Choice}
}

// readFields are the fields of ReadIntent's besides kind, as the wire
// spells them.
var readFields = []string{"target_id", "target_ids", "weapon", "spell", "slot_level", "ability", "skill", "difficulty", "to_area_id", "item", "rest", "feature", "choice"}

// IntentRead is an action read from a player's words, and what the call
// cost. Intent is nil when the words are not an action (say).
type IntentRead struct {
	Intent json.RawMessage
	Model  string
	Usage  Usage
}

// IntentReader is a narrator that can read a player's words as an action.
type IntentReader interface {
	// ReadIntent asks the low tier for the action the words take. An
	// answer that fails DecodeIntentAnswer is an Invalid error beside the
	// call's model and usage; other errors are Unavailable.
	ReadIntent(ctx context.Context, req IntentRequest) (IntentRead, error)
}

// ReadIntentWith is IntentReader.ReadIntent for an adapter's FormCall: a
// read_intent answer, validated by DecodeIntentAnswer.
func ReadIntentWith(ctx context.Context, call FormCall, op string, req IntentRequest) (IntentRead, error) {
	in, model, usage, err := ask(ctx, call, op, IntentBlocks(req), IntentForm(), func(text []byte) (json.RawMessage, error) {
		return DecodeIntentAnswer(text, req.Choices)
	})
	return IntentRead{Intent: in, Model: model, Usage: usage}, err
}

// IntentForm is the read_intent answer, reflected from ReadIntent.
var IntentForm = sync.OnceValue(func() Form { return formOf(IntentFormName, &ReadIntent{}) })

const intentContract = `You read what a player writes for their character in a tabletop roleplaying game and tell the rules engine which one action it takes.

Rules:
Name only the ids you are given: targets, weapons, areas, items, spells and features. If the words need something not given, or several actions, or none of them, answer say.
Never decide whether the action succeeds, and never add what the words do not ask for.
A check is for a task whose outcome is uncertain: it names the ability it tests, the skill when one applies, and how hard the task is as one of the difficulties offered, never a number; the engine sets the DC.`

// IntentBlocks is the prompt of an intent call.
func IntentBlocks(req IntentRequest) []Block {
	lines := []string{"Campaign: " + oneLine(req.CampaignName), "Acting character: " + actorName(req.Actor)}
	if req.Fighting {
		lines = append(lines, "An encounter is under way.")
	}
	c := req.Choices
	for _, l := range []struct {
		name string
		list []Choice
	}{{"Targets", c.Targets}, {"Weapons", c.Weapons}, {"Areas within reach", c.Areas}, {"Items", c.Items}, {"Spells", c.Spells}, {"Features", c.Features}} {
		if len(l.list) == 0 {
			continue
		}
		var parts []string
		for _, ch := range l.list {
			parts = append(parts, fmt.Sprintf("%s (id %s)", oneLine(ch.Name), oneLine(ch.ID)))
		}
		lines = append(lines, l.name+": "+strings.Join(parts, "; ")+".")
	}
	lines = append(lines, "", "The player writes: "+quoted(req.Text))
	return []Block{{Name: BlockSystem, Text: intentContract}, {Name: BlockTurn, Text: strings.Join(lines, "\n")}}
}

// DecodeIntentAnswer validates a read_intent answer against the choices:
// one JSON object (oneObject) of ReadIntent's fields only, a known kind, every id
// among those offered for its field, and no field the kind does not take.
// It returns the intent as protocol.md writes it, or nil for say.
func DecodeIntentAnswer(raw []byte, c IntentChoices) (json.RawMessage, error) {
	const op = "decode intent"
	var in ReadIntent
	if err := decodeStrict(raw, &in); err != nil {
		return nil, errInvalid(op, "not a read_intent answer: %v", err)
	}
	ids := func(list []Choice) []string {
		out := make([]string, len(list))
		for i, ch := range list {
			out[i] = ch.ID
		}
		return out
	}
	among := func(field, id string, list []Choice) error {
		if id != "" && !slices.Contains(ids(list), id) {
			return errInvalid(op, "%s %q was not offered", field, truncate(id, 40))
		}
		return nil
	}
	// The form offers the kinds the table marks Read, each with the
	// fields the table lets it fill; any other field must be empty.
	k, ok := intent.Lookup(in.Kind)
	if !ok || !k.Read {
		return nil, errInvalid(op, "unknown kind %q", truncate(in.Kind, 40))
	}
	got := in.intent()
	for _, field := range readFields {
		if got.Has(field) && !slices.Contains(k.ReadFields, field) {
			return nil, errInvalid(op, "%s does not take %s", in.Kind, field)
		}
	}
	if in.Kind == "say" {
		return nil, nil
	}
	errs := []error{among("target_id", in.TargetID, c.Targets), among("weapon", in.Weapon, c.Weapons),
		among("spell", in.Spell, c.Spells), among("to_area_id", in.ToAreaID, c.Areas), among("item", in.Item, c.Items),
		among("feature", in.Feature, c.Features)}
	if len(in.TargetIDs) > len(c.Targets) {
		errs = append(errs, errInvalid(op, "%d targets, more than offered", len(in.TargetIDs)))
	}
	for _, id := range in.TargetIDs {
		errs = append(errs, among("target_ids", id, c.Targets))
	}
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	for _, f := range k.Fields {
		if f.Required && slices.Contains(k.ReadFields, f.Name) && !got.Has(f.Name) {
			return nil, errInvalid(op, "%s is missing what it acts on", in.Kind)
		}
	}
	if in.SlotLevel < 0 || in.SlotLevel > 9 {
		return nil, errInvalid(op, "slot level %d is not 1 to 9", in.SlotLevel)
	}
	switch {
	case in.Difficulty != "" && !slices.Contains(intent.Difficulties, in.Difficulty):
		return nil, errInvalid(op, "difficulty %q is none of %s", truncate(in.Difficulty, 40), strings.Join(intent.Difficulties, ", "))
	case in.Kind == "check" && in.Difficulty == "":
		// The words describe a task, so it has a difficulty: an
		// answer that names none takes the usual one.
		in.Difficulty = "medium"
	}
	b, err := json.Marshal(in)
	if err != nil {
		return nil, errInvalid(op, "%v", err)
	}
	return b, nil
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n] + "..."
	}
	return s
}
