package narrator

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
)

// Extraction is what the low tier read from one turn, as a fold's answer
// carries it for each turn (TurnFacts): the structured signals of the
// turn. Every entry quotes the sentence of the turn that establishes it
// (Evidence), so that a fact the turn does not state is refused before it
// reaches the ledger.
type Extraction struct {
	NPCs     []ExtractedNPC   `json:"npcs,omitempty" jsonschema_description:"People introduced by name in this turn; never the player characters."`
	Items    []ExtractedThing `json:"items,omitempty" jsonschema_description:"Things a character acquired or was given."`
	Places   []ExtractedThing `json:"places,omitempty" jsonschema_description:"Named places mentioned for the first time."`
	Promises []ExtractedBond  `json:"promises,omitempty" jsonschema_description:"Someone gave their word to do something."`
	Debts    []ExtractedBond  `json:"debts,omitempty" jsonschema_description:"Someone now owes something."`
	Deaths   []ExtractedThing `json:"deaths,omitempty" jsonschema_description:"Named characters who died."`
	Terms    []ExtractedTerm  `json:"terms,omitempty" jsonschema_description:"Words the campaign coined, not ordinary words."`
	// Scene and Attitudes are the turn's changes to the scene and to how
	// NPCs stand towards the party; the engine's own rulings (where the
	// party is, who is dead) win over them.
	Scene     []ExtractedSceneChange `json:"scene,omitempty" jsonschema_description:"What the narration changed of the scene; never where the party is."`
	Attitudes []ExtractedAttitude    `json:"attitudes,omitempty" jsonschema_description:"Named NPCs whose attitude to the party the narration shows changing."`
}

// ExtractedNPC is a person the turn introduced, as first described.
type ExtractedNPC struct {
	Name       string `json:"name" jsonschema_description:"As written."`
	Species    string `json:"species,omitempty" jsonschema_description:"Only as the turn says."`
	Role       string `json:"role,omitempty" jsonschema_description:"Only as the turn says."`
	Appearance string `json:"appearance,omitempty" jsonschema_description:"A few words, only from the turn."`
	Evidence   string `json:"evidence" jsonschema_description:"The turn's sentence that says it, copied exactly."`
}

// ExtractedThing is an item, a place or a death: a name and its evidence.
type ExtractedThing struct {
	Name     string `json:"name" jsonschema_description:"As written."`
	Evidence string `json:"evidence" jsonschema_description:"The turn's sentence that says it, copied exactly."`
}

// ExtractedBond is a promise or a debt.
type ExtractedBond struct {
	Who      string `json:"who" jsonschema_description:"By name."`
	Evidence string `json:"evidence" jsonschema_description:"The turn's sentence that says it, copied exactly."`
}

// What a scene change changes.
const (
	SceneTime    = "time"
	SceneWeather = "weather"
	SceneArrived = "arrived"
	SceneLeft    = "left"
)

// TimesOfDay are the values of a SceneTime change, in the day's order.
var TimesOfDay = []string{"dawn", "morning", "noon", "afternoon", "evening", "night"}

// Attitudes an NPC may hold towards the party.
var Attitudes = []string{"friendly", "indifferent", "hostile"}

// ExtractedSceneChange is one change the narration made to the scene.
type ExtractedSceneChange struct {
	What     string `json:"what" jsonschema:"enum=time,enum=weather,enum=arrived,enum=left" jsonschema_description:"time: the time of day moved on; weather: it changed; arrived, left: a named NPC came to be with the party or left it."`
	Value    string `json:"value" jsonschema_description:"time: dawn, morning, noon, afternoon, evening or night; weather: a few words; arrived, left: the NPC's name."`
	Evidence string `json:"evidence" jsonschema_description:"The turn's sentence that says it, copied exactly."`
}

// ExtractedAttitude is an NPC's attitude towards the party, as the turn
// changed it.
type ExtractedAttitude struct {
	Name     string `json:"name" jsonschema_description:"As written."`
	Attitude string `json:"attitude" jsonschema:"enum=friendly,enum=indifferent,enum=hostile"`
	Evidence string `json:"evidence" jsonschema_description:"The turn's sentence that says it, copied exactly."`
}

// ExtractedTerm is a coined term with a definition of a few words.
type ExtractedTerm struct {
	Term       string `json:"term" jsonschema_description:"As written."`
	Definition string `json:"definition" jsonschema_description:"At most 12 words, from how the turn uses it."`
	Evidence   string `json:"evidence" jsonschema_description:"The turn's sentence that says it, copied exactly."`
}

// Glossed is the definitions of coined terms, as the low tier answers
// them (define_terms).
type Glossed struct {
	Terms []DefinedTerm `json:"terms" jsonschema_description:"One entry per term asked about."`
}

// DefinedTerm is one term and what it means.
type DefinedTerm struct {
	Term       string `json:"term" jsonschema_description:"Exactly as asked."`
	Definition string `json:"definition" jsonschema_description:"At most 12 words, plain text."`
}

// TermUse is a coined term and the sentence it first appeared in.
type TermUse struct {
	Term     string
	Sentence string
	Turn     int
}

// DefineRequest asks for definitions of coined terms.
type DefineRequest struct {
	CampaignName string
	Terms        []TermUse
}

// Defined is the definitions of terms, by term, and what the call cost.
type Defined struct {
	Definitions map[string]string
	Model       string
	Usage       Usage
}

// Definer is a narrator that can define coined terms in a few words.
type Definer interface {
	// Define returns a definition for each term it could define, on the
	// low tier. As with Fold, an invalid answer still carries Model and
	// Usage, with an Invalid error; other errors are Unavailable.
	Define(ctx context.Context, req DefineRequest) (Defined, error)
}

// DefineWith is Definer.Define for an adapter's FormCall: a
// define_terms answer, validated by DecodeDefinitions.
func DefineWith(ctx context.Context, call FormCall, op string, req DefineRequest) (Defined, error) {
	defs, model, usage, err := ask(ctx, call, op, DefineBlocks(req), DefineForm(), func(text []byte) (map[string]string, error) {
		return DecodeDefinitions(text, req.Terms)
	})
	return Defined{Definitions: defs, Model: model, Usage: usage}, err
}

// DefineFormName names a definition call's answer.
const DefineFormName = "define_terms"

// DefineForm is the define_terms answer, reflected from Glossed.
var DefineForm = sync.OnceValue(func() Form { return formOf(DefineFormName, &Glossed{}) })

// Limits of a structured answer. An answer beyond them is refused whole.
const (
	maxEntries      = 12 // per list
	maxName         = 80 // characters
	maxNameWords    = 8
	maxDetail       = 160
	maxEvidence     = 600
	maxDefinition   = 120
	maxDefWords     = 16
	maxWeather      = 40
	maxWeatherWords = 6
)

// errInvalid makes a validation failure.
func errInvalid(op, format string, args ...any) error {
	return fault.E(fault.Invalid, op, format, args...)
}

// decodeStrict decodes the one JSON object of a model's answer
// (oneObject) into v, refusing unknown fields and fields of the wrong
// kind.
func decodeStrict(text []byte, v any) error {
	raw, err := oneObject(text)
	if err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return errors.New("data after the answer")
	}
	return nil
}

// validExtraction is one turn's facts, as a fold's answer gives them,
// checked against turn, its entries' white space collapsed. It refuses
// the whole of x (never part of it) when it has more than a dozen entries
// in a list, names something with markup, control characters or more
// than a few words, or quotes evidence that is not a sentence of the turn
// naming the entry. NPCs, items, places, deaths, terms, scene changes and
// attitudes must be evidenced by the narration or the rules result: the
// player's own words cannot introduce them; promises and debts may come
// from the player's words. A scene change is a time of day from
// TimesOfDay, a weather of a few plain words, or an NPC named in its
// evidence arriving or leaving; an attitude is one of Attitudes.
func validExtraction(x Extraction, turn campaign.Turn) (Extraction, error) {
	told := []string{turn.Narration, turn.RulesResult}
	said := append([]string{turn.Action}, told...)
	lists := map[string]int{"npcs": len(x.NPCs), "items": len(x.Items), "places": len(x.Places), "promises": len(x.Promises),
		"debts": len(x.Debts), "deaths": len(x.Deaths), "terms": len(x.Terms), "scene changes": len(x.Scene), "attitudes": len(x.Attitudes)}
	for k, n := range lists {
		if n > maxEntries {
			return Extraction{}, fmt.Errorf("%d %s, at most %d", n, k, maxEntries)
		}
	}
	var err error
	check := func(kind string, name, evidence *string, sources []string) {
		if err != nil {
			return
		}
		if *name, err = plainField(kind+" name", *name, maxName, maxNameWords, true); err != nil {
			return
		}
		if *evidence, err = plainField(kind+" evidence", *evidence, maxEvidence, 0, true); err != nil {
			return
		}
		// A player's "I swear..." binds their own character, unnamed.
		own := strings.EqualFold(*name, oneLine(turn.ActorName)) && quotes(*evidence, []string{turn.Action})
		if !containsFold(*evidence, *name) && !own {
			err = fmt.Errorf("the evidence of %s %q does not name it", kind, *name)
			return
		}
		if !quotes(*evidence, sources) {
			err = fmt.Errorf("the evidence of %s %q is not in the turn", kind, *name)
		}
	}
	detail := func(what string, s *string) {
		if err == nil {
			*s, err = plainField(what, *s, maxDetail, 0, false)
		}
	}
	for i := range x.NPCs {
		n := &x.NPCs[i]
		check("npc", &n.Name, &n.Evidence, told)
		detail("npc species", &n.Species)
		detail("npc role", &n.Role)
		detail("npc appearance", &n.Appearance)
	}
	for i := range x.Items {
		check("item", &x.Items[i].Name, &x.Items[i].Evidence, told)
	}
	for i := range x.Places {
		check("place", &x.Places[i].Name, &x.Places[i].Evidence, told)
	}
	for i := range x.Deaths {
		check("death", &x.Deaths[i].Name, &x.Deaths[i].Evidence, told)
	}
	for i := range x.Promises {
		check("promise", &x.Promises[i].Who, &x.Promises[i].Evidence, said)
	}
	for i := range x.Debts {
		check("debt", &x.Debts[i].Who, &x.Debts[i].Evidence, said)
	}
	for i := range x.Terms {
		t := &x.Terms[i]
		check("term", &t.Term, &t.Evidence, told)
		if err == nil {
			t.Definition, err = plainField("term definition", t.Definition, maxDefinition, maxDefWords, false)
		}
	}
	// The scene and attitudes change only as the narration tells: a
	// player's "it is night now" or "the guard likes us" changes nothing.
	for i := range x.Scene {
		c := &x.Scene[i]
		if err != nil {
			break
		}
		switch c.What {
		case SceneArrived, SceneLeft:
			check("scene "+c.What, &c.Value, &c.Evidence, told)
			continue
		case SceneTime:
			c.Value = strings.ToLower(oneLine(c.Value))
			if !slices.Contains(TimesOfDay, c.Value) {
				err = fmt.Errorf("time %q is not one of %s", clipRunes(c.Value, 20), strings.Join(TimesOfDay, ", "))
			}
		case SceneWeather:
			c.Value, err = numberless("weather", c.Value, maxWeather, maxWeatherWords)
		default:
			err = fmt.Errorf("scene change %q is not time, weather, arrived or left", clipRunes(c.What, 20))
		}
		if err == nil {
			if c.Evidence, err = plainField("scene evidence", c.Evidence, maxEvidence, 0, true); err == nil && !quotes(c.Evidence, told) {
				err = fmt.Errorf("the evidence of the %s change is not in the turn", c.What)
			}
		}
	}
	for i := range x.Attitudes {
		a := &x.Attitudes[i]
		check("attitude", &a.Name, &a.Evidence, told)
		if err == nil && !slices.Contains(Attitudes, a.Attitude) {
			err = fmt.Errorf("attitude %q is not one of %s", clipRunes(a.Attitude, 20), strings.Join(Attitudes, ", "))
		}
	}
	if err != nil {
		return Extraction{}, err
	}
	return x, nil
}

// DecodeDefinitions decodes and validates a define_terms answer: one JSON
// object of Glossed's fields (oneObject), every term one that was asked about (in any
// case) and defined at most once, every definition plain text of a few
// words. It refuses the whole answer otherwise. Terms are returned as
// asked. Errors are Invalid.
func DecodeDefinitions(raw []byte, asked []TermUse) (map[string]string, error) {
	const op = "decode definitions"
	var g Glossed
	if err := decodeStrict(raw, &g); err != nil {
		return nil, errInvalid(op, "not a define_terms answer: %v", err)
	}
	if len(g.Terms) > maxEntries {
		return nil, errInvalid(op, "%d terms, at most %d", len(g.Terms), maxEntries)
	}
	out := map[string]string{}
	for _, d := range g.Terms {
		term, ok := "", false
		for _, a := range asked {
			if strings.EqualFold(oneLine(d.Term), oneLine(a.Term)) {
				term, ok = a.Term, true
			}
		}
		if !ok {
			return nil, errInvalid(op, "%q was not asked about", clipRunes(d.Term, 40))
		}
		if _, dup := out[term]; dup {
			return nil, errInvalid(op, "%q is defined twice", term)
		}
		def, err := plainField("definition", d.Definition, maxDefinition, maxDefWords, true)
		if err != nil {
			return nil, errInvalid(op, "%v", err)
		}
		out[term] = def
	}
	return out, nil
}

// plainField collapses white space in s and checks it: valid UTF-8, no
// control characters, no markup or emoji, at most maxLen characters and
// (when maxWords > 0) words, and not empty when required.
func plainField(what, s string, maxLen, maxWords int, required bool) (string, error) {
	if !utf8.ValidString(s) {
		return "", fmt.Errorf("%s is not valid UTF-8", what)
	}
	if strings.IndexFunc(s, func(r rune) bool { return unicode.IsControl(r) && r != '\n' && r != '\t' && r != '\r' }) >= 0 {
		return "", fmt.Errorf("%s has control characters", what)
	}
	s = oneLine(s)
	switch {
	case s == "" && required:
		return "", fmt.Errorf("%s is empty", what)
	case utf8.RuneCountInString(s) > maxLen:
		return "", fmt.Errorf("%s is longer than %d characters", what, maxLen)
	case maxWords > 0 && len(strings.Fields(s)) > maxWords:
		return "", fmt.Errorf("%s has more than %d words", what, maxWords)
	case strings.ContainsAny(s, "<>*#`[]{}|\\_~"):
		return "", fmt.Errorf("%s %q has markup", what, clipRunes(s, 40))
	case strings.IndexFunc(s, isEmoji) >= 0:
		return "", fmt.Errorf("%s has emoji", what)
	}
	return s, nil
}

// numberless is plainField for required words that hold no digit: a
// weather says no number, which only the engine makes.
func numberless(what, s string, maxLen, maxWords int) (string, error) {
	s, err := plainField(what, s, maxLen, maxWords, true)
	if err == nil && strings.IndexFunc(s, unicode.IsDigit) >= 0 {
		return "", fmt.Errorf("%s %q has a number", what, s)
	}
	return s, err
}

// quotes reports whether evidence is in one of the sources, ignoring case
// and white space, or, when the model left out the sentence's end
// punctuation, without it.
func quotes(evidence string, sources []string) bool {
	e := strings.TrimRight(evidence, ".!?\"”' ")
	if e == "" {
		return false
	}
	for _, s := range sources {
		if containsFold(s, e) {
			return true
		}
	}
	return false
}

// containsFold reports whether s contains sub, ignoring case and collapsing
// white space.
func containsFold(s, sub string) bool {
	return strings.Contains(strings.ToLower(oneLine(s)), strings.ToLower(oneLine(sub)))
}

func clipRunes(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "..."
}

// defineContract is the instruction of a definition call.
const defineContract = `You keep the glossary of a tabletop roleplaying campaign. For each coined term you are given, with the sentence where it first appeared, write what it is in at most 12 words of plain text, from how the sentence uses it. Do not invent more than the sentence supports.`

// DefineBlocks is the prompt of a definition call.
func DefineBlocks(req DefineRequest) []Block {
	lines := []string{"Campaign: " + oneLine(req.CampaignName), "", "The terms, each with the sentence where it first appeared:"}
	for _, t := range req.Terms {
		lines = append(lines, fmt.Sprintf("%s (turn %d): %s", oneLine(t.Term), t.Turn, quoted(t.Sentence)))
	}
	lines = append(lines, "", "Define each term.")
	return []Block{{Name: BlockSystem, Text: defineContract}, {Name: BlockTurn, Text: strings.Join(lines, "\n")}}
}
