package intent_test

import (
	"strings"
	"testing"

	"chronicler/shared/intent"
)

// colourCase is words typed in a context and whether Colour should call
// them colour.
type colourCase struct {
	ctx    intent.Context
	text   string
	colour bool
}

func wantColour(t *testing.T, cases []colourCase) {
	t.Helper()
	for _, c := range cases {
		if got := intent.Colour(c.text, c.ctx); got != c.colour {
			t.Errorf("Colour(%q) = %v, want %v", c.text, got, c.colour)
		}
	}
}

// Words in character that take no action the rules know are colour, by
// family, in words the corpus does not hold.
func TestColourTellsWhatAsksNoRoll(t *testing.T) {
	wantColour(t, []colourCase{
		// talking with someone, the words not quoted
		{explore, "Aria tells Bram about her brother", true},
		{table, "I ask Ilsa how she's holding up", true},
		{explore, "we talk late into the evening", true},
		{explore, "I thank the miller for his trouble", true},
		{explore, "tell Ilsa we should leave before the rain", true},
		// the face and the body
		{table, "I grin at Bram", true},
		{explore, "Aria shrugs", true},
		{explore, "I nod to Ilsa and smile", true},
		{table, "I roll my eyes", true},
		{explore, "Aria laughs at Bram's terrible joke", true},
		{explore, "I hug Ilsa tightly", true},
		{explore, "Aria nods to Bram", true},
		{explore, "I hum to myself", true},
		// the mind
		{explore, "I think about my mother's last letter", true},
		{explore, "Aria wonders who built the bridge", true},
		// at table
		{explore, "I order a bowl of stew and a mug of ale", true},
		{explore, "Aria sips her wine slowly", true},
		{explore, "I munch on an apple", true},
		// music no one judges, writing and counting
		{explore, "Aria whistles softly as we walk", true},
		{explore, "I hum along, badly", true},
		{explore, "I write in my journal", true},
		{explore, "Aria counts her coins twice", true},
		// idling
		{explore, "I sit by the fire", true},
		{table, "Aria leans against the bar", true},
		{explore, "I watch the sunset", true},
		{explore, "Aria eats like she hasn't eaten in a week", true},
	})
}

// Words that ask the rules for something, or the game master, are never
// colour, though a verb of colour may open them: a dropped action costs
// more than a model call.
func TestColourLeavesWhatAsksTheRules(t *testing.T) {
	wantColour(t, []colourCase{
		// deeds a check or an action decides
		{explore, "I sneak past the guard", false},
		{explore, "I search the chest", false},
		{explore, "I pick the lock", false},
		{explore, "I read the scroll", false},
		{explore, "I pray for guidance", false},
		{table, "I drink my potion", false},
		{explore, "I climb the wall", false},
		// an item of the sheet, or one like it, eaten or drunk
		{explore, "I drink the strange blue potion", false},
		{explore, "Aria eats some rations by the fire", false},
		{table, "I sip the elixir", false},
		// a watch that looks for something, a look at a face
		{explore, "I keep watch for wolves", false},
		{explore, "I watch the innkeeper for signs of lying", false},
		{explore, "I watch the guard's face as he answers", false},
		// colour beside a deed, or for a purpose a check decides
		{explore, "I smile at the guard and slip past him", false},
		{table, "I laugh and swing at goblin 1", false},
		{table, "I nod to Bram, then fire at orc 1", false},
		{explore, "I hum to calm the horse", false},
		{explore, "I sing to distract the guards", false},
		{explore, "I chat with the guard, trying to get past", false},
		{explore, "I tell the guard a lie about our cargo", false},
		{explore, "I pat down the prisoner", false},
		{table, "I sit up", false},
		{table, "I nod and vault over the bar", false},
		{explore, "I agree, and haggle for a better price", false},
		{table, "I watch goblin 1", false},
		{explore, "I talk the guard into opening the gate", false},
		{explore, "I ask the guard politely for the key", false},
		{table, "Aria leans on the door to hold it shut", false},
		{explore, "I nod off by the fire", false},
		{explore, "I write a forged letter of passage", false},
		{explore, "I watch Bram's back", false},
		// magic, gear, a place, a rest's length, a creature commanded
		{explore, "I whisper a prayer to Pelor", false},
		{table, "I smile, hand on my sword hilt", false},
		{table, "I count the arrows in my quiver", false},
		{explore, "I write down the runes on the door", false},
		{table, "I sit in the cellar", false},
		{explore, "I hum as I walk to the old mill", false},
		{explore, "I hum as I walk upstairs", false},
		{explore, "we sit by the fire for an hour", false},
		{explore, "I whistle for my familiar", false},
		{explore, "I think about what I know of the old gods", false},
		// questions, hedges, the table, another character
		{explore, "I smile at the innkeeper?", false},
		{explore, "I nod (ooc: brb)", false},
		{explore, "I don't smile", false},
		{explore, "if Bram laughs I laugh too", false},
		{explore, "thanks for the game everyone", false},
		{explore, "Bram laughs", false},
		{explore, `I tell Bram "we leave at dawn"`, false},
		{explore, "", false},
	})
}

// FuzzColour checks that no text panics Colour, that the same text is
// always judged the same, that nothing Parse reads is colour, and that
// colour followed by an action or asked as a question is colour no
// more.
func FuzzColour(f *testing.F) {
	for _, s := range []string{
		"I nod", "Aria smiles at Bram", "I ask the innkeeper about the missing children", "I hum to myself as we walk",
		"I sit by the fire, badly", "Aria rolls her eyes at Bram", "I high five Bram", "eats like he hasn't eaten in days",
		"I keep watch", "I drink my potion", "I sneak past the guard", "tell Bram we should go", "I", "and", ",,,", "as if",
		"I smile like", "I watch for", "think\xff", "",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		got := intent.Colour(text, explore)
		if got != intent.Colour(text, explore) {
			t.Fatalf("Colour(%q) changed its mind", text)
		}
		if !got {
			return
		}
		if in, ok := intent.ParseAll(text, explore); ok {
			t.Fatalf("Colour(%q) is true, but Parse reads %+v", text, in)
		}
		if intent.Colour(text+" and attack Bram", explore) {
			t.Fatalf("Colour(%q) holds with an attack after it", text)
		}
		if intent.Colour(text+"?", explore) {
			t.Fatalf("Colour(%q) holds asked as a question", text)
		}
	})
}

// BenchmarkColour judges the corpus's lines that want no intent, each
// once per iteration: the time a turn's unread words spend on it.
func BenchmarkColour(b *testing.B) {
	var lines []corpusLine
	for _, path := range corpusFiles {
		for _, l := range loadCorpus(b, path) {
			if strings.TrimSpace(string(l.Want)) == "null" || l.Want == nil {
				lines = append(lines, l)
			}
		}
	}
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		n = 0
		for _, l := range lines {
			if intent.Colour(l.Text, corpusContexts[l.Context]) {
				n++
			}
		}
	}
	b.ReportMetric(float64(n), "colour")
	b.ReportMetric(float64(len(lines)), "lines")
}
