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
// answers through the read_intent tool with one of the engine's actions
// naming only what the engine offered it. The engine then decides the
// action as if the player had pressed its button; an answer that names
// anything else is refused whole, and the words are narrated as they are.

// IntentToolName is the tool the low tier reads an action through.
const IntentToolName = "read_intent"

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

// ReadIntent is the read_intent tool's input: protocol.md's intent, with
// say for words and anything that is not one of the actions. The kinds it
// offers, and the fields each may fill, are the rules' kind table's
// (intent.Kind's Read and ReadFields).
type ReadIntent struct {
	Kind       string   `json:"kind" jsonschema_description:"The one action the words take; say when they only speak, or do something none of the actions covers."`
	TargetID   string   `json:"target_id,omitempty" jsonschema_description:"attack, help, grapple, shove: the id of the creature, from the targets given."`
	TargetIDs  []string `json:"target_ids,omitempty" jsonschema_description:"cast: the ids of the creatures the spell is aimed at, from the targets given."`
	Weapon     string   `json:"weapon,omitempty" jsonschema_description:"attack: the id of the weapon, from the weapons given; leave out for the character's usual one."`
	Spell      string   `json:"spell,omitempty" jsonschema_description:"cast: the id of the spell, from the spells given."`
	SlotLevel  int      `json:"slot_level,omitempty" jsonschema_description:"cast: the slot level, only if the words say it."`
	Ability    string   `json:"ability,omitempty" jsonschema:"enum=str,enum=dex,enum=con,enum=int,enum=wis,enum=cha" jsonschema_description:"check: the ability tested."`
	Skill      string   `json:"skill,omitempty" jsonschema_description:"check: the skill, lower case with underscores (sleight_of_hand), if one applies."`
	Difficulty string   `json:"difficulty,omitempty" jsonschema:"enum=very_easy,enum=easy,enum=medium,enum=hard,enum=very_hard,enum=nearly_impossible" jsonschema_description:"check: how hard the task the words describe is for anyone; medium when nothing makes it easier or harder. Never a number."`
	ToAreaID   string   `json:"to_area_id,omitempty" jsonschema_description:"move: the id of the area, from the areas given."`
	Item       string   `json:"item,omitempty" jsonschema_description:"use_item, equip, unequip: the id of the item, from the items given."`
	Rest       string   `json:"rest,omitempty" jsonschema:"enum=short,enum=long" jsonschema_description:"rest: short or long."`
	Feature    string   `json:"feature,omitempty" jsonschema_description:"feature: the id of the class feature or trait used, from the features given."`
	Choice     string   `json:"choice,omitempty" jsonschema_description:"feature: what it is used for, only if the words say it (a beast to become, dash or disengage)."`
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

// ReadIntentWith is IntentReader.ReadIntent for an adapter's ToolCall:
// the read_intent tool, its answer validated by DecodeIntentAnswer.
func ReadIntentWith(ctx context.Context, call ToolCall, op string, req IntentRequest) (IntentRead, error) {
	in, model, usage, err := useTool(ctx, call, op, IntentBlocks(req), IntentTool(), func(raw []byte) (json.RawMessage, error) {
		return DecodeIntentAnswer(raw, req.Choices)
	})
	return IntentRead{Intent: in, Model: model, Usage: usage}, err
}

// IntentTool is the read_intent tool; its schema is reflected from
// ReadIntent.
var IntentTool = sync.OnceValue(func() Tool {
	return Tool{Name: IntentToolName, Schema: schemaOf(&ReadIntent{}),
		Description: "Record the one action the player's words take, naming only the ids given. Use say when the words only speak or do something none of the actions covers."}
})

const intentContract = `You read what a player writes for their character in a tabletop roleplaying game and tell the rules engine which one action it takes, with the read_intent tool.

Rules:
Name only the ids you are given: targets, weapons, areas, items, spells and features. If the words need something not given, or several actions, or none of them, answer say.
Never decide whether the action succeeds, and never add what the words do not ask for.
A check is for a task whose outcome is uncertain: it names the ability it tests, the skill when one applies, and how hard the task is as one of the difficulties offered, never a number; the engine sets the DC.
Answer only by calling read_intent, once.`

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
	lines = append(lines, "", "The player writes: "+quoted(req.Text), "", "Record the action with read_intent.")
	return []Block{{Name: BlockSystem, Text: intentContract}, {Name: BlockTurn, Text: strings.Join(lines, "\n")}}
}

// DecodeIntentAnswer validates a read_intent answer against the choices:
// one JSON object of ReadIntent's fields only, a known kind, every id
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
	// The tool offers the kinds the table marks Read, each with the
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
