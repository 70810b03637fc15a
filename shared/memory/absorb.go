package memory

import (
	"fmt"
	"slices"
	"strings"

	"chronicler/shared/campaign"
	"chronicler/shared/narrator"
)

// Absorb takes into memory the facts the low tier read from a committed
// turn at a fold, after narrator.DecodeFold validated them against it:
// each becomes a fact of the turn (witnessed by the characters present,
// its text the evidence sentence), NPCs are introduced to the roster
// (whose lock keeps the first description), and a term comes with its
// definition. What the ledger already holds is left out: an NPC,
// place or term is introduced once, whoever found it first, the
// deterministic extractor (Observe) or the model. Deaths are facts here,
// never rulings: only the engine's rules result rules someone dead. It
// returns the facts added.
func (m *Memory) Absorb(turn campaign.Turn, present []string, x narrator.Extraction) []Fact {
	vis := witnesses(present)
	var facts []Fact
	n := 0
	add := func(k Kind, subject, evidence, definition string) {
		subject = oneLine(subject)
		if k == KindNPC || k == KindPlace || k == KindTerm {
			for _, kk := range []Kind{KindNPC, KindPlace, KindTerm} {
				if m.Ledger.Introduced(kk, subject) {
					return
				}
			}
		}
		n++
		f := Fact{ID: fmt.Sprintf("t%d-x%d", turn.Sequence, n), Turn: turn.Sequence, Kind: k, Subject: subject,
			Text: oneLine(evidence), Visibility: vis, Terms: keywords(subject, evidence)}
		if k == KindTerm {
			f.Definition = definition
		}
		f.Visibility.CharacterIDs = slices.Clone(vis.CharacterIDs)
		facts = append(facts, m.Ledger.Add(f)...)
	}
	for _, p := range x.NPCs {
		m.Roster.Introduce(NPC{Name: p.Name, Species: strings.ToLower(p.Species), Role: strings.ToLower(p.Role),
			Appearance: p.Appearance, FirstTurn: turn.Sequence})
		add(KindNPC, p.Name, p.Evidence, "")
	}
	for _, p := range x.Places {
		add(KindPlace, p.Name, p.Evidence, "")
	}
	for _, it := range x.Items {
		add(KindItem, it.Name, it.Evidence, "")
	}
	for _, b := range x.Promises {
		add(KindPromise, b.Who, b.Evidence, "")
	}
	for _, b := range x.Debts {
		add(KindDebt, b.Who, b.Evidence, "")
	}
	ruled := deaths(turn.RulesResult)
	for _, d := range x.Deaths {
		// Canon takes only the deaths the engine ruled (Observe's
		// ruling), whatever the narration told.
		if slices.ContainsFunc(ruled, func(n string) bool { return strings.EqualFold(n, d.Name) }) && !m.Ledger.Introduced(KindDeath, d.Name) {
			add(KindDeath, d.Name, d.Evidence, "")
		}
	}
	for _, t := range x.Terms {
		// A term the deterministic extractor found first takes the
		// model's definition if it has none.
		m.Ledger.Define(t.Term, t.Definition)
		add(KindTerm, t.Term, t.Evidence, t.Definition)
	}
	for _, a := range x.Attitudes {
		m.Roster.Feel(a.Name, a.Attitude, turn.Sequence)
	}
	for _, f := range facts {
		m.Index.AddFact(f)
	}
	return facts
}

// SceneAfter is the scene once a turn's validated scene changes are
// applied to it: the time of day and the weather as the narration moved
// them, unless the engine already did (engineTime), and the NPCs present
// as they arrived and left. The roster's rulings win: a dead NPC is never
// present, whatever is narrated. The party's location is the engine's
// alone and never changes here.
func (m *Memory) SceneAfter(sc campaign.Scene, changes []narrator.ExtractedSceneChange, engineTime bool) campaign.Scene {
	sc.NPCs = slices.Clone(sc.NPCs)
	has := func(name string) int {
		return slices.IndexFunc(sc.NPCs, func(n string) bool { return strings.EqualFold(n, name) })
	}
	for _, c := range changes {
		switch c.What {
		case narrator.SceneTime:
			if !engineTime {
				sc.Time = c.Value
			}
		case narrator.SceneWeather:
			sc.Weather = c.Value
		case narrator.SceneArrived:
			name := oneLine(c.Value)
			if n, ok := m.Roster.Get(name); ok {
				name = n.Name // as introduced
			}
			if has(name) < 0 && len(sc.NPCs) < MaxScenePresent {
				sc.NPCs = append(sc.NPCs, name)
			}
		case narrator.SceneLeft:
			if i := has(oneLine(c.Value)); i >= 0 {
				sc.NPCs = slices.Delete(sc.NPCs, i, i+1)
			}
		}
	}
	sc.NPCs = slices.DeleteFunc(sc.NPCs, func(name string) bool {
		n, ok := m.Roster.Get(name)
		return ok && n.Status == Dead
	})
	return sc
}

// MaxScenePresent is the most NPCs a scene holds as present; the scene
// block of the snapshot names each.
const MaxScenePresent = 8

// Undefined is the coined terms of turn seq that have no definition yet,
// each with the sentence it appeared in.
func (m *Memory) Undefined(seq int) []narrator.TermUse {
	var out []narrator.TermUse
	for _, f := range m.Ledger.Facts {
		if f.Turn == seq && f.Kind == KindTerm && f.Definition == "" {
			out = append(out, narrator.TermUse{Term: f.Subject, Sentence: f.Text, Turn: f.Turn})
		}
	}
	return out
}

// Define gives the coined term subject its definition, unless it has one:
// like an NPC's identity, a definition is locked once given. It reports
// whether it changed anything.
func (l *Ledger) Define(subject, definition string) bool {
	definition = oneLine(definition)
	if definition == "" {
		return false
	}
	for i := range l.Facts {
		f := &l.Facts[i]
		if f.Kind == KindTerm && strings.EqualFold(f.Subject, oneLine(subject)) {
			if f.Definition != "" {
				return false
			}
			f.Definition = definition
			return true
		}
	}
	return false
}
