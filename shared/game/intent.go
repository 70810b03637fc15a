package game

import (
	"context"
	"encoding/json"
	"strings"
	"time"

	"chronicler/events"
	"chronicler/shared/campaign"
	"chronicler/shared/intent"
	"chronicler/shared/narrator"
	"chronicler/shared/rules/turn"
)

// intentTimeout bounds the low tier's reading of a player's words: the
// player waits for it before anything is rolled.
const intentTimeout = 8 * time.Second

// readIntent asks the low tier for the action a player's words take when
// the engine's own parser cannot read them: words in quotes, remarks out
// of character, words the parser reads and colour (words in character
// that take no action the rules know: intent.Colour) are left alone. It
// returns the intent (nil: the words are narrated as they are) and the
// call, if one was made. The model may only name what the engine offers
// it, and the engine still decides the action. day is the turn's read of
// the day's spend (thrift).
func (s *Service) readIntent(ctx context.Context, snap Snapshot, actor campaign.Character, text string, day *dayRead) (json.RawMessage, *campaign.ModelCall) {
	reader, ok := s.Narrator.(narrator.IntentReader)
	t := strings.TrimSpace(text)
	if !ok || t == "" || outOfCharacter(t) || strings.HasPrefix(t, `"`) || strings.HasPrefix(t, "“") {
		return nil, nil
	}
	v := viewOf(snap)
	pc := turn.ParseContext(v, actor) // the encounter decoded once, for the words and the choices
	if _, ok := intent.ParseAll(t, pc); ok {
		return nil, nil // the engine reads it itself, for free
	}
	if len(intent.Actions(t, pc)) > 1 {
		return nil, nil // two actions: the rules refuse them in words, for free
	}
	if intent.Colour(t, pc) {
		return nil, nil // colour ("I nod to Bram"): told as it is, as when the low tier answers say
	}
	if s.thrift(ctx, snap, day).Step == campaign.ThriftOffline {
		return nil, nil // a budget is spent: nothing more is paid for
	}
	req := narrator.IntentRequest{CampaignName: snap.Campaign.Name, Actor: actor.Name, Text: t, Fighting: v.Encounter != nil,
		Choices: narrator.IntentChoices{Areas: choices(pc.Areas), Targets: choices(pc.Targets), Weapons: choices(pc.Weapons),
			Items: choices(pc.Items), Spells: choices(offeredSpells(t, pc.Spells)), Features: choices(turn.OwnFeatures(actor))}}
	callCtx, cancel := context.WithTimeout(ctx, intentTimeout)
	defer cancel()
	got, err := reader.ReadIntent(callCtx, req)
	call := s.call(reader, narrator.PurposeIntent, got.Model, got.Usage, err)
	if err != nil || got.Intent == nil {
		return nil, &call
	}
	if _, err := events.DecodeIntent(got.Intent); err != nil {
		call.Error = callError(err)
		return nil, &call
	}
	return got.Intent, &call
}

// offeredSpells are the spells an intent call offers the low tier. The
// parser reads a spell named as it is, so words it could not read name
// one loosely if at all ("I hurl a ball of fire"): the call offers every
// spell the caster has when the words speak of magic, else those whose
// name shares a word with them (by its first four letters, so "fire"
// offers Fire Bolt and Fireball), else none. A wizard's list is most of
// such a call's input, and most unread words are not spells.
func offeredSpells(text string, spells []intent.Ref) []intent.Ref {
	words := stems(text)
	for w := range words {
		if magicWords[w] {
			return spells
		}
	}
	var out []intent.Ref
	for _, sp := range spells {
		for w := range stems(sp.Name) {
			if words[w] {
				out = append(out, sp)
				break
			}
		}
	}
	return out
}

// magicWords are the stems of words that speak of casting.
var magicWords = stems("cast spell cantrip magic conjure summon invoke incant chant ritual pray prayer channel zap hex curse arcane weave")

// stems are the first four letters (or all three) of each word of three
// letters or more in text, lower case ("ray", "fly", "web" name spells),
// leaving out the commonest small words of spells' names ("Protection
// from Evil and Good").
func stems(text string) map[string]bool {
	out := map[string]bool{}
	for _, w := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return r < 'a' || r > 'z' }) {
		if len(w) < 3 || stemStop[w] {
			continue
		}
		out[w[:min(4, len(w))]] = true
	}
	return out
}

var stemStop = map[string]bool{"from": true, "with": true, "that": true, "this": true, "your": true, "into": true, "over": true, "the": true, "and": true, "for": true}

func choices(refs []intent.Ref) []narrator.Choice {
	out := make([]narrator.Choice, len(refs))
	for i, r := range refs {
		out[i] = narrator.Choice{ID: r.ID, Name: r.Name}
	}
	return out
}
