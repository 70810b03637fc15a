package memory

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"

	"chronicler/shared/campaign"
	"chronicler/shared/narrator"
)

// The scripted campaign: a deterministic generator of a long campaign with
// varied turns (fights, searches, talk, travel, rests, trade) among a
// recurring cast, and facts planted on chosen turns and referred to on
// later ones. The token tests, the recall comparison and the benchmark all
// play it.

// plant is a fact planted on one turn and referred to on a later one.
type plant struct {
	Kind    Kind
	Subject string // what the later action names
	Detail  string // what only the planting turn said: found in a snapshot iff the fact was remembered
	Turn    int    // where it is planted
	Ref     int    // where an action refers to it (0: never)
	Said    string // the planting sentences (empty when the player's words plant it)
	Act     string // the planting action, when the player's own words plant it
	Asks    string // the referring action
	// Goes is where the party arrives at the referring turn, when it refers
	// to the plant by going there rather than by naming it; Meets is who
	// comes into the scene there.
	Goes, Meets string
}

type script struct {
	Party   []campaign.Character
	Seed    string
	Turns   []campaign.Turn // Turns[i].Sequence == i+1
	Present [][]string      // ids present at each turn, by index
	Scenes  []campaign.Scene
	Plants  []plant
	// off shifts which names, details and kinds the plants take, so that a
	// second seed is a campaign of other names and another order of kinds.
	off int
}

var (
	firstNames = strings.Fields(`Ysolde Oswin Thessaly Corvin Maelis Brannoc Ilsabet Tamsin Orrick Wendeline
Fennick Rosalind Gideon Perpetua Hollis Arabeth Cedric Morwen Lucan Sabetha Emrys Nerissa Tobiah Elowen
Jorund Philippa Anselm Dervla Quillon Marisol Barnaby Ottoline Severin Isolde Caspian Griselda Leofric
Hyacinth Aurelio Winifred Lazlo Ondine Peregrin Temperance Ulric Zinnia Evander Clemency Rurik Bryony`)
	surnames = strings.Fields(`Quarrin Vell Harrowgate Ashdown Blackwater Thorne Merriweather Greaves Oakhollow
Pennywhistle Stormcrow Underhill Marchbanks Fairweather Coldridge`)
	materials = strings.Fields(`Moonglass Emberwood Starsilver Bonewhite Stormiron Duskglass Sunsteel Frostoak
Glimmerstone Nightreed`)
	objects = strings.Fields(`Key Flute Compass Locket Chalice Mirror Lantern Dagger Ring Spindle`)
	places  = strings.Fields(`Harrowmere Caldbeck Wyrmwater Saltmarsh Thornwick Greyhallow Duskfold Ambermoor
Kettlecross Windmere`)
	// hamlets and loners are named the way a model's narration names a
	// place or a person in passing: bare, with no cue ("the village of",
	// "a smith named") for the extractor to read.
	hamlets = strings.Fields(`Gloamwood Dunmore Stormhollow Rookwater Saltbarrow Mirewick Coldharbour Fenmouth
Ashby Wrackham`)
	loners   = strings.Fields(`Fitch Nackles Pell Quint Hobb Wenna Sallow Crake Tibb Jory`)
	details1 = strings.Fields(`copper silver cracked mossy sunken crooked painted broken hollow gilded`)
	details2 = strings.Fields(`millstone willow shrine well statue bell tower ferry gallows orchard`)
	details3 = strings.Fields(`beneath behind beside inside`)
)

// detail is the i-th unique detail phrase ("the ninth hollow willow"
// style): three independent lists give a thousand combinations.
func detail(i int) string {
	return fmt.Sprintf("%s the %s %s", details3[i%4], details1[(i/4)%10], details2[(i/40+i)%10])
}

// The recurring cast and places: named often, so recall must rank.
var (
	cast = []struct{ name, intro string }{
		{"Marta", "An innkeeper named Marta, a stout human with a grey braid, sets out bowls of stew."},
		{"Verrin", "Verrin, the harbourmaster of the docks, counts crates with a scowl."},
		{"Odo", "A halfling merchant named Odo waves from behind a cart of pots."},
		{"Sister Anwen", "Sister Anwen, the priestess of the lantern shrine, blesses the travellers."},
		{"Garrick", "A dwarf smith called Garrick hammers at a glowing blade."},
		{"Lysa", "Lysa, a young elf scout with ash on her cheeks, watches the road."},
	}
	haunts = []string{"the Gilded Goose Inn", "the village of Harrowmere", "the Old Quarry Road",
		"the Ashfall Mines", "the Blackfen Marsh", "the Lantern Shrine", "the river docks", "the Greywood Forest"}
	foes    = []string{"goblin", "wolf", "bandit", "skeleton", "giant rat", "cultist", "kobold"}
	weapons = []string{"longsword", "dagger", "mace", "shortbow", "quarterstaff", "handaxe"}
)

func party() []campaign.Character {
	kit := func(items ...string) []campaign.Item {
		out := make([]campaign.Item, 0, len(items))
		for i, it := range items {
			out = append(out, campaign.Item{Item: it, Qty: 1 + i%3})
		}
		return out
	}
	bless := "Bless"
	return []campaign.Character{
		{ID: "c1", PlayerID: "p1", Name: "Kira", Race: "elf", Class: "wizard", Level: 5, HP: 24, MaxHP: 32, AC: 13,
			SpellSlots: map[string]campaign.Slot{"1": {Max: 4, Used: 1}, "2": {Max: 3}, "3": {Max: 2, Used: 1}},
			Inventory:  kit("spellbook", "component pouch", "quarterstaff", "ink and quill", "silver mirror", "chalk", "bedroll", "rations", "waterskin", "scroll case")},
		{ID: "c2", PlayerID: "p2", Name: "Aldric", Race: "human", Class: "fighter", Level: 5, HP: 44, MaxHP: 49, AC: 18,
			Inventory: kit("longsword", "shield", "chain mail", "handaxe", "rope (50 ft)", "torch", "rations", "whetstone", "tinderbox", "grappling hook")},
		{ID: "c3", PlayerID: "p3", Name: "Milo", Race: "halfling", Class: "cleric", Level: 5, HP: 30, MaxHP: 38, AC: 16,
			Concentration: &bless, SpellSlots: map[string]campaign.Slot{"1": {Max: 4, Used: 2}, "2": {Max: 3, Used: 1}, "3": {Max: 2}},
			Inventory: kit("mace", "holy symbol", "healer's kit", "incense", "vestments", "rations", "waterskin", "prayer book", "candles", "alms box")},
		{ID: "c4", PlayerID: "p4", Name: "Bram", Race: "dwarf", Class: "rogue", Level: 5, HP: 33, MaxHP: 33, AC: 15,
			Inventory: kit("dagger", "shortbow", "arrows", "thieves' tools", "crowbar", "caltrops", "dark cloak", "rations", "lockpicks", "smoke bomb")},
	}
}

const worldSeed = `The river kingdom of Velmar is a land of fog-bound marsh towns, drowned roads and old dwarven mines. ` +
	`The Ashen Duke rules from a keep of black stone and taxes the ferries hard. Smugglers run the river at night, ` +
	`the shrines keep lanterns lit against what walks in the fen, and a plague of grey rot has closed the northern mines. ` +
	`The party are sellswords hired by the guild of ferrymen to find out who is sinking their barges.`

// newScript writes n turns with nPlants facts planted on turns spread over
// the first span turns, each referred to 50 to 250 turns later (if that is
// still within n).
func newScript(seed uint64, n, nPlants, span int) *script {
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	s := &script{Party: party(), Seed: worldSeed, off: int(seed % 97)}
	refs := map[int]int{} // referring turn -> plant index
	planted := map[int]int{}
	for i := range nPlants {
		planted[12+i*(span-12)/max(nPlants, 1)] = i + 1
	}
	for i := range nPlants {
		p := s.plantAt(i, 12+i*(span-12)/max(nPlants, 1))
		lo, hi := p.Turn+50, min(p.Turn+250, n)
		if lo <= hi {
			p.Ref = lo + rng.IntN(hi-lo+1)
			// A turn refers to one plant at most: a taken turn passes to
			// the next free one in the window, from its start past its end.
			for tries := 0; (refs[p.Ref] != 0 || planted[p.Ref] != 0) && tries <= hi-lo; tries++ {
				if p.Ref++; p.Ref > hi {
					p.Ref = lo
				}
			}
			if refs[p.Ref] != 0 || planted[p.Ref] != 0 {
				p.Ref = 0
			} else {
				refs[p.Ref] = i + 1
			}
		}
		s.Plants = append(s.Plants, p)
	}
	loc := 0
	var npcs []string
	for seq := 1; seq <= n; seq++ {
		if seq%15 == 1 {
			loc = rng.IntN(len(haunts))
			npcs = nil
			for _, c := range cast {
				if rng.IntN(3) == 0 && len(npcs) < 2 {
					npcs = append(npcs, c.name)
				}
			}
		}
		// A 30-turn session leaves one character out, in turn.
		absent := ""
		if session := (seq - 1) / 30; session%2 == 1 {
			absent = s.Party[session/2%len(s.Party)].ID
		}
		var present []string
		for _, c := range s.Party {
			if c.ID != absent {
				present = append(present, c.ID)
			}
		}
		actor := s.byID(present[(seq-1)%len(present)])
		t := campaign.Turn{ID: fmt.Sprintf("turn-%04d", seq), CampaignID: "camp", Sequence: seq,
			ActorID: actor.ID, ActorName: actor.Name}
		where := haunts[loc]
		scene := campaign.Scene{Location: strings.TrimPrefix(where, "the "),
			Time: []string{"morning", "afternoon", "evening", "night"}[(seq/4)%4], Weather: "fog", NPCs: slices.Clone(npcs)}
		switch {
		case seq <= len(cast):
			t.Action = "I look around " + where
			t.Narration = cast[seq-1].intro + " " + filler(rng, actor.Name, where, npcs, 3)
		case refs[seq] != 0:
			p := s.Plants[refs[seq]-1]
			t.Action = p.Asks
			if p.Goes != "" {
				where = p.Goes
				scene.Location = p.Goes
			}
			if p.Meets != "" {
				scene.NPCs = append(scene.NPCs, p.Meets)
			}
			t.Narration = filler(rng, actor.Name, where, scene.NPCs, 3)
		case planted[seq] != 0:
			p := &s.Plants[planted[seq]-1]
			p.Said = strings.ReplaceAll(p.Said, "{actor}", actor.Name)
			t.Action = "I talk with the locals"
			if p.Act != "" {
				t.Action = p.Act
			}
			// A model seldom opens with the news: the planting sentences
			// come after none, one or two of the scene's.
			before := rng.IntN(3)
			t.Narration = strings.TrimSpace(filler(rng, actor.Name, where, npcs, before) + " " + p.Said + " " +
				filler(rng, actor.Name, where, npcs, 3-before))
		default:
			t.Action, t.RulesResult, t.Narration = routine(rng, actor.Name, where, npcs)
		}
		s.Turns = append(s.Turns, t)
		s.Present = append(s.Present, present)
		s.Scenes = append(s.Scenes, scene)
	}
	return s
}

func (s *script) byID(id string) campaign.Character {
	for _, c := range s.Party {
		if c.ID == id {
			return c
		}
	}
	return campaign.Character{}
}

// plantAt writes the i-th planted fact, of a kind in turn. The first
// seven kinds are planted with a cue the extractor reads and referred to
// by name; the last three are planted the way a model's narration often
// tells things (a bare name, the detail in the next sentence) or by the
// player's own words, and referred to as players do: by going there, by
// naming someone in passing, by someone coming back into the scene.
func (s *script) plantAt(i, turn int) plant {
	// j numbers the plant in the whole cycle of kinds, k the round of
	// that cycle: the plants of one kind take different names.
	j := i + s.off
	k := j / 10
	who := firstNames[j%len(firstNames)] + " " + surnames[(j*7)%len(surnames)]
	thing := materials[(k+j)%len(materials)] + " " + objects[(3*k+j)%len(objects)]
	place := places[(k+j)%len(places)] + []string{"", " Hollow", " Cross", " Ford", " Reach"}[(j/100)%5]
	hamlet := hamlets[(k+j)%len(hamlets)] + []string{"", " Fen", " Cross", " End", " Down"}[(j/100)%5]
	loner := loners[(k+j)%len(loners)] + []string{"", " Rooke", " Gammer", " Sly", " Tanner"}[(j/100)%5]
	cast := cast[j%len(cast)].name
	d := detail(j)
	p := plant{Turn: turn, Detail: d}
	// Players name people in full half the time, by first name otherwise.
	called := who
	if j%2 == 1 {
		called = firstNames[j%len(firstNames)]
	}
	switch (i + s.off) % 10 {
	case 0:
		p.Kind, p.Subject = KindNPC, who
		p.Said = fmt.Sprintf("A cartographer named %s shows {actor} the smugglers' cache %s.", who, d)
		p.Asks = fmt.Sprintf("I ask around for %s, the cartographer", called)
	case 1:
		p.Kind, p.Subject = KindItem, "the "+thing
		p.Said = fmt.Sprintf("{actor} finds the %s, wrapped in oilcloth %s.", thing, d)
		p.Asks = fmt.Sprintf("I hold up the %s and study it", thing)
	case 2:
		p.Kind, p.Subject = KindPromise, who
		p.Said = fmt.Sprintf("%s promises to meet the party at dawn %s.", who, d)
		p.Asks = fmt.Sprintf("I remind %s of the promise", called)
	case 3:
		p.Kind, p.Subject = KindDebt, who
		p.Said = fmt.Sprintf("%s owes the party forty crowns, buried in a strongbox %s.", who, d)
		p.Asks = fmt.Sprintf("I tell %s it is time to pay", called)
	case 4:
		p.Kind, p.Subject = KindPlace, place
		p.Said = fmt.Sprintf("The river road leads to the village of %s, where the ferry rope is tied %s.", place, d)
		p.Asks = fmt.Sprintf("We set out for %s", place)
	case 5:
		term := materials[(k+j+3)%len(materials)] + " " + []string{"Accord", "Covenant", "Reckoning", "Tithe", "Vigil"}[k%5]
		p.Kind, p.Subject = KindTerm, term
		p.Said = fmt.Sprintf(`The ferrymen swear by a pact they call the "%s", sealed in wax %s.`, term, d)
		p.Asks = fmt.Sprintf("I ask what the %s really means", term)
	case 6:
		p.Kind, p.Subject = KindDeath, who
		p.Said = fmt.Sprintf("%s dies of the grey rot, and is laid to rest %s.", who, d)
		p.Asks = fmt.Sprintf("We pay our respects to %s", called)
	case 7:
		// A place named in passing; the party later walks there without
		// naming it, and only the scene says where they are.
		p.Kind, p.Subject, p.Goes = KindPlace, hamlet, hamlet
		p.Said = fmt.Sprintf("Past the weir the towpath runs on toward %s. Smugglers leave their lanterns there, %s, when the fog is thick.", hamlet, d)
		p.Asks = []string{"We follow the towpath past the weir", "We push on along the river until the path ends"}[k%2]
	case 8:
		// A person named bare, what they told in the next sentence; later
		// named in passing in a question about something else, or back in
		// the scene and greeted without a name.
		p.Kind, p.Subject = KindNPC, loner
		p.Said = fmt.Sprintf("%s sidles up to {actor} by the nets and talks in a low voice. The barges are holed at night, he says, by men who wait %s.", loner, d)
		if k%2 == 0 {
			p.Asks = fmt.Sprintf("I ask %s whether %s has been by lately", cast, loner)
		} else {
			p.Meets = loner
			p.Asks = "I wave the old informant over and buy him a drink"
		}
	case 9:
		// The party's own promise, in the player's words.
		p.Kind, p.Subject = KindPromise, who
		p.Act = fmt.Sprintf("I promise %s that we will find the stolen ferry bell, hidden somewhere %s", who, d)
		p.Asks = fmt.Sprintf("I tell %s we have not forgotten the ferry bell", called)
	}
	return p
}

// routine writes an ordinary turn: action, rules result, narration.
func routine(rng *rand.Rand, actor, where string, npcs []string) (action, result, narration string) {
	foe := foes[rng.IntN(len(foes))]
	weapon := weapons[rng.IntN(len(weapons))]
	letter := string(rune('A' + rng.IntN(4)))
	switch rng.IntN(6) {
	case 0:
		roll, dmg := 8+rng.IntN(13), 2+rng.IntN(10)
		action = fmt.Sprintf("I attack the %s with my %s", foe, weapon)
		if roll >= 13 {
			result = fmt.Sprintf("Attack roll %d vs AC 13: hit. %d damage. %s %s: %d HP left.", roll, dmg, title(foe), letter, rng.IntN(9))
		} else {
			result = fmt.Sprintf("Attack roll %d vs AC 13: miss.", roll)
		}
		narration = fmt.Sprintf("%s lunges at the %s with the %s. ", actor, foe, weapon) + filler(rng, actor, where, npcs, 3+rng.IntN(2))
	case 1:
		roll := 5 + rng.IntN(16)
		action = "I search the area for anything hidden"
		result = fmt.Sprintf("Investigation check %d vs DC 14: %s.", roll, map[bool]string{true: "success", false: "failure"}[roll >= 14])
		narration = fmt.Sprintf("%s runs careful fingers along the stones of %s. ", actor, where) + filler(rng, actor, where, npcs, 3+rng.IntN(2))
	case 2:
		who, says := "the locals", "an old ferryman mutters"
		if len(npcs) > 0 {
			who = npcs[rng.IntN(len(npcs))]
			says = who + " mutters"
		}
		action = fmt.Sprintf("I ask %s about the sunken barges", who)
		narration = fmt.Sprintf(`"Barges go down every week," %s. `, says) + filler(rng, actor, where, npcs, 3+rng.IntN(2))
	case 3:
		action = "We travel on toward " + haunts[rng.IntN(len(haunts))]
		narration = fmt.Sprintf("The party leaves %s behind. ", where) + filler(rng, actor, where, npcs, 3+rng.IntN(2))
	case 4:
		action = "We make camp and rest"
		result = "Short rest: hit dice spent, hit points recovered."
		narration = "The party settles in for a short rest. " + filler(rng, actor, where, npcs, 3+rng.IntN(2))
	default:
		action = "I buy supplies"
		narration = fmt.Sprintf("%s haggles over the price of lamp oil and rope. ", actor) + filler(rng, actor, where, npcs, 3+rng.IntN(2))
	}
	return action, result, narration
}

// fillers are the stuff of ordinary narration, about twenty words each,
// so that a turn costs what a model's 2 to 5 sentences do (about 150
// tokens with the action and the result).
// fillers are the stuff of ordinary narration, a model's long sentences,
// so that a turn costs about what 4 or 5 sentences of narration with the
// action and the result do (about 150 tokens).
var fillers = []string{
	"Fog rolls in off the slow brown water and beads on every cloak, muffling the world to a grey hush in which even your own footsteps sound borrowed.",
	"Somewhere beyond the rooftops a dog barks twice, sharp and urgent, then falls silent as if a hand had closed its jaws, and nobody nearby seems to notice.",
	"The smell of wet ash hangs over {where}, clinging to hair and wool long after the wind has turned, a reminder of fires nobody will talk about.",
	"{actor} keeps one hand near a weapon, just in case, eyes moving from doorway to doorway and from face to face, counting exits out of long habit.",
	"A gull wheels overhead, crying at nothing, its shadow flickering across the puddles and the broken cobbles before it drifts off toward the grey line of the river.",
	"The lanterns gutter in a sudden draught, and for a heartbeat every face around you is painted in shadow, unreadable, before the flames steady again.",
	"Mud sucks at every boot on the path, and the cold seeps up through leather and into the bones, the kind of cold that makes a warm fire feel like a rumour.",
	"{npc} glances toward the river, frowning, as though listening for a sound no one else can hear, then shakes the thought away with a tired half-smile.",
	"A distant bell tolls the hour from {where}, each stroke rolling slowly out across the marsh, and somewhere a shutter bangs closed in answer.",
	"Rain drums softly on the shingles above, a patient sound that seems to have no beginning and no end, and water runs in thin bright threads from the eaves.",
	"Someone has scratched a crude ferry mark into a post here, the cuts still pale and fresh in the wood, as if whoever made it meant to come back soon.",
	"{npc} mentions that the Ashen Duke's tax men came by again, and that they left with more than coin, though nobody will say exactly what they took.",
	"The grey rot has left its stain on the northern walls, a pale bloom that no scrubbing seems to lift, and the locals step around it without looking.",
	"A barge horn sounds, long and mournful, somewhere downriver, and then the water swallows the echo as though the river itself were keeping count.",
	"{actor} notices fresh tracks leading toward the water, deep at the heel as if someone carried a heavy load, and none of them coming back.",
	"Children chase a goat between the stalls, shrieking with laughter, until a stern voice calls them home and the lane is suddenly, strangely quiet.",
	"The wind carries the tang of salt and tar, and with it the creak of ropes straining against their moorings, a low complaint that never quite stops.",
	"A patrol of the duke's soldiers passes without a word, their black cloaks dark with rain, their eyes on everyone and their hands never far from their hilts.",
}

func filler(rng *rand.Rand, actor, where string, npcs []string, n int) string {
	var out []string
	for range n {
		f := fillers[rng.IntN(len(fillers))]
		npc := "A passing ferryman"
		if len(npcs) > 0 {
			npc = npcs[rng.IntN(len(npcs))]
		}
		f = strings.NewReplacer("{actor}", actor, "{where}", where, "{npc}", npc).Replace(f)
		out = append(out, f)
	}
	return strings.Join(out, " ")
}

func title(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// summarize is a simple deterministic rolling summariser in the form the
// summary contract asks of the model: one line per turn, "Turn N: who did
// what. The narration's first sentence.", dropping the oldest lines past
// limit characters.
func summarize(prev string, t campaign.Turn, limit int) string {
	line := summaryLine(t)
	lines := []string{}
	if prev != "" {
		lines = strings.Split(prev, "\n")
	}
	lines = append(lines, line)
	for len(lines) > 1 && len(strings.Join(lines, "\n")) > limit {
		lines = lines[1:]
	}
	return strings.Join(lines, "\n")
}

func summaryLine(t campaign.Turn) string {
	first := ""
	if ss := sentences(t.Narration); len(ss) > 0 {
		first = " " + clip(ss[0], 160)
	}
	return fmt.Sprintf("Turn %d: %s: %s.%s", t.Sequence, t.ActorName, strings.TrimSuffix(t.Action, "."), first)
}

// play walks the script and calls visit before each turn in at is
// committed, with what a snapshot for that turn may draw on; it returns the
// memory after the last turn.
func (s *script) play(at []int, visit func(seq int, in Input)) Memory {
	var mem Memory
	summary := ""
	want := map[int]bool{}
	last := 0
	for _, a := range at {
		want[a] = true
		last = max(last, a)
	}
	if len(at) == 0 {
		last = len(s.Turns)
	}
	for seq := 1; seq <= min(last, len(s.Turns)); seq++ {
		t := s.Turns[seq-1]
		if want[seq] {
			visit(seq, s.input(seq, summary, clone(mem)))
		}
		mem.Observe(t, s.Present[seq-1])
		summary = summarize(summary, t, 1200)
	}
	return mem
}

// clone copies a memory through JSON, as a store would keep it.
func clone(m Memory) Memory {
	b, err := json.Marshal(m)
	if err != nil {
		panic(err)
	}
	var out Memory
	if err := json.Unmarshal(b, &out); err != nil {
		panic(err)
	}
	return out
}

// size is the memory's size as JSON, as a store would keep it.
func size(m Memory) int {
	b, err := json.Marshal(m)
	if err != nil {
		panic(err)
	}
	return len(b)
}

// gzipped is the memory's size as gzipped JSON.
func gzipped(m Memory) int {
	var buf bytes.Buffer
	z := gzip.NewWriter(&buf)
	if err := json.NewEncoder(z).Encode(m); err != nil {
		panic(err)
	}
	if err := z.Close(); err != nil {
		panic(err)
	}
	return buf.Len()
}

// input is the builder's input for turn seq.
func (s *script) input(seq int, summary string, mem Memory) Input {
	t := s.Turns[seq-1]
	chars := slices.Clone(s.Party)
	for i := range chars {
		chars[i].Presence = campaign.Offline
		if slices.Contains(s.Present[seq-1], chars[i].ID) {
			chars[i].Presence = campaign.Present
		}
	}
	return Input{
		CampaignName: "The Drowned Barges", Persona: "a wry, atmospheric game master", WorldSeed: s.Seed,
		Characters: chars, Actor: s.byID(t.ActorID), Scene: s.Scenes[seq-1], Summary: summary,
		Recent: slices.Clone(s.Turns[max(0, seq-1-12) : seq-1]), Memory: mem,
		Action: t.Action, RulesResult: t.RulesResult, TurnID: t.ID, Tier: narrator.High, Turn: seq,
	}
}

// historyTokens is what the whole history before turn seq costs when sent
// in full, as the narrator renders past turns.
func (s *script) historyTokens(seq int) int {
	if seq <= 1 {
		return 0
	}
	n := 0
	for _, bl := range narrator.Blocks(narrator.Request{Recent: s.Turns[:seq-1]}) {
		if bl.Name == narrator.BlockRecent {
			n += narrator.EstimateTokens(bl.Text)
		}
	}
	return n
}

// The long script is written and played once per test binary.
var (
	longOnce   sync.Once
	longScript *script
	longInputs map[int]Input
	longMemory Memory
)

// checkpoints are the turns the token tests and the benchmark measure.
var checkpoints = []int{10, 100, 1000}

func long() (*script, map[int]Input, Memory) {
	longOnce.Do(func() {
		longScript = newScript(7, 1000, 50, 300)
		longInputs = map[int]Input{}
		longMemory = longScript.play(checkpoints, func(seq int, in Input) { longInputs[seq] = in })
	})
	return longScript, longInputs, longMemory
}

// text is a snapshot's whole prompt, as the narrator would send it.
func text(s Snapshot) string { return narrator.Join(narrator.Blocks(s.Request)) }
