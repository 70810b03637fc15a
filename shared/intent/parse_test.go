package intent_test

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"

	"chronicler/events"
	"chronicler/shared/intent"
)

// table is a fight in the inn's common room: Aria (the actor) with Bram and
// Ilsa against two goblins, two orcs and a bugbear. Like a real turn's
// context it offers features, the actor's own and others', and spells
// Aria cannot cast now.
var table = intent.Context{
	ActorID:   "pc-aria",
	ActorName: "Aria",
	Weapons:   []intent.Ref{{ID: "longsword", Name: "Longsword"}, {ID: "longbow", Name: "Longbow"}, {ID: "dagger", Name: "Dagger"}, {ID: "handaxe", Name: "Handaxe"}},
	Spells: []intent.Ref{
		{ID: "fireball", Name: "Fireball"}, {ID: "cure-wounds", Name: "Cure Wounds"}, {ID: "shield", Name: "Shield"},
		{ID: "shield-of-faith", Name: "Shield of Faith"}, {ID: "magic-missile", Name: "Magic Missile"},
		{ID: "fire-bolt", Name: "Fire Bolt"}, {ID: "bless", Name: "Bless"}, {ID: "speak-with-animals", Name: "Speak with Animals"},
	},
	Targets: []intent.Ref{
		{ID: "goblin-1", Name: "Goblin 1"}, {ID: "goblin-2", Name: "Goblin 2"}, {ID: "orc-1", Name: "Orc 1"}, {ID: "orc-2", Name: "Orc 2"},
		{ID: "bugbear-chief", Name: "Bugbear Chief"}, {ID: "pc-bram", Name: "Bram"}, {ID: "pc-ilsa", Name: "Ilsa"},
	},
	Areas: []intent.Ref{{ID: "cellar", Name: "Cellar"}, {ID: "stables", Name: "Stables"}, {ID: "road", Name: "The Crossroads"}},
	Items: []intent.Ref{{ID: "potion-of-healing", Name: "Potion of Healing"}, {ID: "healers-kit", Name: "Healer's Kit"}, {ID: "rope", Name: "Hempen Rope"}},
	Features: []intent.Ref{
		{ID: "second-wind", Name: "Second Wind", Quick: true}, {ID: "action-surge", Name: "Action Surge", Quick: true},
		{ID: "rage", Name: "Rage", Quick: true}, {ID: "lay-on-hands", Name: "Lay on Hands"},
	},
	OtherSpells: []intent.Ref{
		{ID: "healing-word", Name: "Healing Word"}, {ID: "eldritch-blast", Name: "Eldritch Blast"}, {ID: "sacred-flame", Name: "Sacred Flame"},
		{ID: "thunderwave", Name: "Thunderwave"}, {ID: "hold-person", Name: "Hold Person"}, {ID: "sleep", Name: "Sleep"},
		{ID: "mage-hand", Name: "Mage Hand"}, {ID: "guiding-bolt", Name: "Guiding Bolt"}, {ID: "misty-step", Name: "Misty Step"},
		{ID: "detect-magic", Name: "Detect Magic"}, {ID: "light", Name: "Light"}, {ID: "charm-person", Name: "Charm Person"},
	},
}

// explore is Aria on the road with Bram and Ilsa and no fight: the
// village's places one move away, her pack (weapons and armour among
// its items) and the same spells.
var explore = func() intent.Context {
	c := table
	c.Targets = []intent.Ref{{ID: "pc-bram", Name: "Bram"}, {ID: "pc-ilsa", Name: "Ilsa"}}
	c.Areas = []intent.Ref{{ID: "square", Name: "Village Square"}, {ID: "mill", Name: "Old Mill"}, {ID: "gloamwood", Name: "Gloamwood"}, {ID: "road", Name: "The Crossroads"}}
	c.Items = []intent.Ref{
		{ID: "potion-of-healing", Name: "Potion of Healing"}, {ID: "healers-kit", Name: "Healer's Kit"}, {ID: "rope", Name: "Hempen Rope"},
		{ID: "thieves-tools", Name: "Thieves' Tools"}, {ID: "torch", Name: "Torch"}, {ID: "rations", Name: "Rations (1 day)"},
		{ID: "longsword", Name: "Longsword"}, {ID: "longbow", Name: "Longbow"}, {ID: "dagger", Name: "Dagger"},
		{ID: "chain-mail", Name: "Chain Mail"}, {ID: "shield", Name: "Shield"},
	}
	return c
}()

// lone is the same fight after one goblin and one orc fell.
var lone = func() intent.Context {
	c := table
	c.Targets = []intent.Ref{{ID: "goblin-2", Name: "Goblin 2"}, {ID: "orc-1", Name: "Orc 1"}, {ID: "pc-bram", Name: "Bram"}}
	return c
}()

// wand is the table with a Wand of Magic Missiles in the pack.
var wand = func() intent.Context {
	c := table
	c.Items = append(slices.Clone(c.Items), intent.Ref{ID: "wand-of-magic-missiles", Name: "Wand of Magic Missiles"})
	return c
}()

type in = intent.Intent

func attack(target, weapon string) in { return in{Kind: "attack", TargetID: target, Weapon: weapon} }
func cast(spell string, level int, targets ...string) in {
	return in{Kind: "cast", Spell: spell, SlotLevel: level, TargetIDs: targets}
}
func chk(ability, skill string) in { return in{Kind: "check", Ability: ability, Skill: skill} }
func move(to string) in            { return in{Kind: "move", ToAreaID: to} }
func say(text string) in           { return in{Kind: "say", Text: text} }

// sentence is words typed in a context and what they should read as: nil
// for words to leave unread.
type sentence struct {
	ctx  intent.Context
	text string
	want *in
}

// wantReads checks that each sentence reads as its want, or is left
// unread when it wants nothing.
func wantReads(t *testing.T, sentences []sentence) {
	t.Helper()
	for _, c := range sentences {
		got, ok := intent.Parse(c.text, c.ctx)
		if c.want == nil {
			if ok {
				t.Errorf("%q read as %+v, want it unread", c.text, got)
			}
			continue
		}
		if !ok || !reflect.DeepEqual(got, *c.want) {
			t.Errorf("%q = %+v, %v; want %+v", c.text, got, ok, *c.want)
		}
	}
}

// wantValidReads checks that each text reads in the common room as its
// intent, and that the intent is valid.
func wantValidReads(t *testing.T, reads map[string]intent.Intent) {
	t.Helper()
	for text, want := range reads {
		got, ok := intent.Parse(text, table)
		if !ok || !reflect.DeepEqual(got, want) {
			t.Errorf("Parse(%q) = %+v, %v; want %+v", text, got, ok, want)
		}
		if err := got.Validate("test"); err != nil {
			t.Errorf("Parse(%q) is invalid: %v", text, err)
		}
	}
}

// roundTrips asserts that got passes events.DecodeIntent after json.Marshal
// and decodes to itself.
func roundTrips(t testing.TB, text string, got intent.Intent) {
	t.Helper()
	raw, err := json.Marshal(got)
	if err != nil {
		t.Fatalf("Parse(%q): marshal %+v: %v", text, got, err)
	}
	back, err := events.DecodeIntent(raw)
	if err != nil {
		t.Fatalf("Parse(%q) = %s, which DecodeIntent refuses: %v", text, raw, err)
	}
	if !reflect.DeepEqual(back, got) {
		t.Fatalf("Parse(%q) = %+v, decodes as %+v", text, got, back)
	}
}

func TestParse(t *testing.T) {
	tests := []struct {
		name  string
		ctx   intent.Context
		texts []string
		want  in
	}{
		{"AttackWithNamedWeapon", lone, []string{
			"I attack the goblin with my longsword", "attack goblin with longsword", "Attack the Goblin with my Longsword!",
			"I'll attack the goblin using my longsword.", "I swing my longsword at the goblin", "stab the goblin with my long sword",
			"use my longsword to attack the goblin", "I want to attack the goblin with my longsword", "make an attack against the goblin with my longsword",
		}, attack("goblin-2", "longsword")},
		{"AttackByExactName", table, []string{"hit goblin 2", "Hit Goblin 2", "attack goblin #2", "strike goblin two", "hit goblin-2", "attack goblin_2"}, attack("goblin-2", "")},
		{"ASpellsNameWinsOverTheVerbItOpensWith", table, []string{"fire bolt at goblin 2", "fire bolt goblin 2", "can I fire bolt goblin 2?"}, cast("fire-bolt", 0, "goblin-2")},
		{"ACastsTargetsInAClauseOfTheirOwn", table, []string{"magic missile, all three darts into goblin 1", "Magic missile! Aim it at goblin 1."}, cast("magic-missile", 0, "goblin-1")},
		{"MovingQuietlyTowardANamedPlaceIsAMove", table, []string{"I sneak off toward the stables", "Aria creeps down into the stables"}, move("stables")},
		{"WordsSaidBesideAnAttackAreItsColour", table, []string{`I attack goblin 1 and shout "for the king!"`,
			`With a cry of "For the king!" I attack goblin 1`, `"For the king!" I shout, and attack goblin 1`}, attack("goblin-1", "")},
		{"AttackByPrefix", table, []string{"attack the bugbear", "hit bug", "I attack the chief"}, attack("bugbear-chief", "")},
		{"ShootWithBow", lone, []string{"shoot the orc with my bow", "I shoot at the orc with my longbow", "fire my bow at the orc", "shoot orc using bow"}, attack("orc-1", "longbow")},
		{"ShootWithoutWeapon", lone, []string{"shoot the orc", "I shoot at the orc"}, attack("orc-1", "")},
		{"SwingAxeBySuffix", table, []string{"swing my axe at goblin 1", "hack at goblin 1 with the axe"}, attack("goblin-1", "handaxe")},
		{"AttackWithSpellIsCast", table, []string{"hit goblin 1 with fire bolt", "shoot a fire bolt at goblin 1", "attack goblin 1 with firebolt", "use fire bolt on goblin 1"}, cast("fire-bolt", 0, "goblin-1")},
		{"CastAtGroup", table, []string{"cast fireball at the orcs", "I cast Fireball at all the orcs", "cast fireball on both orcs", "cast fireball at orc 1 and orc 2", "cast fireball at orc 1, orc 2"}, cast("fireball", 0, "orc-1", "orc-2")},
		{"CastAtMixedList", table, []string{"cast fireball at the goblins and the bugbear", "cast fireball at goblin 1, goblin 2 and the bugbear chief"}, cast("fireball", 0, "goblin-1", "goblin-2", "bugbear-chief")},
		{"CastOnAlly", table, []string{"I cast cure wounds on Bram", "cast cure wounds on bram.", "cast Cure Wounds upon Bram", "cast cure on bram", "cast wounds on bram"}, cast("cure-wounds", 0, "pc-bram")},
		{"CastOnSelf", table, []string{"cast cure wounds on myself", "cast cure wounds on me"}, cast("cure-wounds", 0, "pc-aria")},
		{"CastFromAWand", wand, []string{"cast magic missile at goblin 1 from my wand of magic missiles", "cast magic missile from the wand of magic missiles at goblin 1",
			"I cast magic missile with the wand at goblin 1"},
			in{Kind: "cast", Spell: "magic-missile", TargetIDs: []string{"goblin-1"}, With: []string{"wand-of-magic-missiles"}}},
		{"CastWithoutTarget", table, []string{"cast shield", "I cast the shield spell", "Cast Shield!", "I'll cast shield"}, cast("shield", 0)},
		{"CastLongestName", table, []string{"cast shield of faith on bram", "cast shield of faith at bram"}, cast("shield-of-faith", 0, "pc-bram")},
		{"CastNameWithPreposition", table, []string{"cast speak with animals"}, cast("speak-with-animals", 0)},
		{"CastAtSlotLevel", table, []string{
			"cast magic missile at level 3 on goblin 1", "cast magic missile on goblin 1 at level 3", "cast magic missile at 3rd level at goblin 1",
			"cast magic missile using a 3rd-level slot at goblin 1", "cast magic missile with a level 3 spell slot on goblin 1", "cast a 3rd level magic missile at goblin 1",
			"cast magic missile at level three on goblin 1", "cast magic missile at third level on goblin 1",
		}, cast("magic-missile", 3, "goblin-1")},
		{"CastAtSlotLevelOnLoneTarget", lone, []string{"cast magic missile at level 3 on the goblin"}, cast("magic-missile", 3, "goblin-2")},
		{"MoveToArea", table, []string{"go to the cellar", "Go to the Cellar.", "head down into the cellar", "I go back down to the cellar", "enter the cellar", "walk to cellar", "I'm going to the cellar", "let's go to the cellar"}, move("cellar")},
		{"MoveToAreaByOtherVerb", table, []string{"I move to the stables", "run to the stables", "I head over to the stables"}, move("stables")},
		{"MoveByPartOfName", table, []string{"go to the crossroads", "go out to the crossroads", "travel to crossroads", "go to the road", "head to the road"}, move("road")},
		{"SkillCheck", table, []string{"make a perception check", "Make a Perception check", "roll perception", "roll for perception", "perception check", "I make a wisdom (perception) check", "check perception", "roll a perception check"}, chk("wis", "perception")},
		{"SkillCheckOtherSkill", table, []string{"roll athletics", "athletics check", "roll for athletics"}, chk("str", "athletics")},
		{"SkillCheckMultiWordSkill", table, []string{"roll sleight of hand", "make a sleight-of-hand check", "dexterity (sleight of hand) check"}, chk("dex", "sleight-of-hand")},
		{"SkillCheckWithOtherAbility", table, []string{"make a strength (intimidation) check", "roll intimidation strength", "roll str intimidation"}, chk("str", "intimidation")},
		{"AbilityCheck", table, []string{"make a strength check", "roll strength", "roll str", "str check"}, chk("str", "")},
		{"Dodge", table, []string{"I dodge", "dodge", "Dodge!", "take the dodge action", "I use my action to dodge", "dodge action", "I'll use the dodge action"}, in{Kind: "dodge"}},
		{"Dash", table, []string{"dash", "I dash", "take the dash action", "use my action to dash"}, in{Kind: "dash"}},
		{"Disengage", table, []string{"disengage", "I disengage from the goblin", "take the disengage action"}, in{Kind: "disengage"}},
		{"HelpAlly", table, []string{"help Bram", "I help bram", "help Bram with the lock", "I help Bram attack the bugbear", "aid bram", "assist Bram"}, in{Kind: "help", TargetID: "pc-bram"}},
		{"HelpWithoutTarget", table, []string{"help", "take the help action"}, in{Kind: "help"}},
		{"EndTurn", table, []string{"end my turn", "end turn", "I end my turn.", "pass", "I'm done", "done", "that's it", "skip my turn"}, in{Kind: "end_turn"}},
		{"ShortRest", table, []string{"take a short rest", "short rest", "we take a short rest", "let's take a short rest here", "Short Rest."}, in{Kind: "rest", Rest: "short"}},
		{"LongRest", table, []string{"long rest", "take a long rest", "we begin a long rest"}, in{Kind: "rest", Rest: "long"}},
		// Where the words rest is the rules' to weigh; the words ask the rest.
		{"ARestSaidWithItsPlaceAndTime", table, []string{"we rest in the cellar for the night", "We bed down in the stables for 8 hours",
			"we camp by the stables till dawn", "sleeping in the stables for eight hours"}, in{Kind: "rest", Rest: "long"}},
		{"ARestOfAnHourSaidByItsTime", table, []string{"resting 1 hr", "we rest for 1 hour", "take a short rest in the cellar"}, in{Kind: "rest", Rest: "short"}},
		{"DrinkPotion", table, []string{"drink my potion of healing", "drink the potion", "quaff a potion of healing", "I drink a healing potion", "use my potion of healing"}, in{Kind: "use_item", Item: "potion-of-healing"}},
		{"UseItemOnAlly", table, []string{"use my healer's kit on Bram", "use the healers kit on bram", "apply the kit to bram"}, in{Kind: "use_item", Item: "healers-kit", TargetID: "pc-bram"}},
		{"UseItemByLastWord", table, []string{"use the rope", "use my hempen rope"}, in{Kind: "use_item", Item: "rope"}},
		{"SayQuoted", table, []string{`I say "hello"`, `"hello"`, `say "hello"`, `I say to Bram: "hello"`, `"hello," I say.`, `  "hello"  `, `I whisper “hello”`, `I tell the innkeeper "hello"`, `I say "hello`}, say("hello")},
		{"SayQuotedKeepsCaseAndPunctuation", table, []string{`I shout "Attack the goblin, Bram!"`}, say("Attack the goblin, Bram!")},
		{"SayUnquoted", table, []string{"I say Hello there", "say: Hello there", "say Hello there", "I say, Hello there"}, say("Hello there")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, text := range tt.texts {
				got, ok := intent.Parse(text, tt.ctx)
				if !ok {
					t.Errorf("Parse(%q) declined, want %+v", text, tt.want)
					continue
				}
				if !reflect.DeepEqual(got, tt.want) {
					t.Errorf("Parse(%q) = %+v, want %+v", text, got, tt.want)
					continue
				}
				roundTrips(t, text, got)
			}
		})
	}
}

func TestParseDeclines(t *testing.T) {
	tests := []struct {
		name  string
		ctx   intent.Context
		texts []string
	}{
		{"AmbiguousTarget", table, []string{"attack the goblin", "hit the orc", "attack goblin with longsword", "cast cure wounds on the goblin"}},
		{"AmbiguousWeapon", table, []string{"attack goblin 1 with my long"}},
		{"AmbiguousSpell", table, []string{"cast shie", "cast fire"}},
		{"UnknownTarget", table, []string{"attack the dragon", "hit goblin 3", "cast fireball at the dragon", "help Zed", "cast cure wounds on bram and zed"}},
		{"UnknownWeapon", table, []string{"attack goblin 1 with my greatsword", "attack goblin 1 with sneak attack"}},
		{"UnknownSpell", table, []string{"cast wish", "cast lightning bolt at goblin 1"}},
		{"UnknownOrUnreachableArea", table, []string{"go to the vault", "go north", "go outside", "go back", "go", "leave"}},
		{"UnknownItem", table, []string{"drink the ale", "use the wand"}},
		{"AmbiguousItem", intent.Context{Items: []intent.Ref{{ID: "p1", Name: "Potion of Healing"}, {ID: "p2", Name: "Potion of Climbing"}}}, []string{"drink my potion"}},
		{"MidWordMatch", intent.Context{Targets: []intent.Ref{{ID: "s", Name: "Sorcerer"}}}, []string{"attack the orc", "attack the rce"}},
		{"ShortLooseName", table, []string{"attack go", "go to ce"}},
		{"AttackWithoutTarget", table, []string{"attack", "I attack!", "attack with my longsword", "shoot"}},
		{"TwoActions", table, []string{"attack goblin 1 and dash", "I attack goblin 1. Then I dash.", "dodge and dash", "go to the cellar and drink my potion"}},
		{"TwoWeapons", table, []string{"attack goblin 1 with my longsword with my dagger", "attack goblin 1 with longsword and dagger"}},
		{"TwoTargets", table, []string{"attack goblin 1 at goblin 2"}},
		{"SavesAndInitiative", table, []string{"make a wisdom saving throw", "roll a dex save", "roll initiative", "roll for initiative"}},
		{"BadSlotLevel", table, []string{"cast magic missile at level 10 on goblin 1", "cast magic missile at level on goblin 1", "cast magic missile at level 2 at level 3"}},
		{"RestWithoutLength", table, []string{"rest", "take a rest", "rest in the cellar"}},
		{"DodgeWithMore", table, []string{"dodge the arrow", "dash to the cellar"}},
		{"SelfWithoutActor", intent.Context{Spells: table.Spells}, []string{"cast cure wounds on me"}},
		{"BonusActionOfAKindThatHasNone", table, []string{"bonus action: dodge", "use my bonus action to help Bram"}},
		{"FreeNarrative", table, []string{"what do I see?", "hello", "", "I look for the innkeeper", "pick up the coin", "I open the door",
			"I hide the map under the floorboards", "I keep watch"}},
		{"TaskThenAnotherAction", table, []string{"I sneak past the guard and stab him", "I climb the wall, then jump down"}},
		{"SavingThrowIsNoCheck", table, []string{"do I roll a dexterity saving throw for that?", "roll a wisdom save", "dex save?", "roll initiative"}},
		{"SpeechMixedWithAction", table, []string{`I say "hi" and "bye"`, `"" I say`, `I say ""`}},
		{"UnquotedSpeechWithAddresseeOrManner", table, []string{"tell Bram we should go", "say to Bram that we should go", "I yell at the goblin", "I whisper quietly to Bram", "I say", "say"}},
		{"TypoOfANumberOrAPlural", table, []string{"attack goblin 3", "atack gobiln 3", "hit the goblins"}},
		{"QuestionNotForTheSenses", table, []string{"did you hear that?", "do I hear that right?", "what do I see?"}},
		{"WordsNamingAPlaceLeft", table, []string{"leave the cellar", "I lie down", "I lie low"}},
		{"AnotherCharactersAction", table, []string{"Bram attacks goblin 1", "Ilsa casts bless"}},
		{"SpellNameThatIsAlsoAnItem", explore, []string{"shield"}},
		{"TooLong", table, []string{"dodge " + strings.Repeat(" ", intent.MaxActionRunes)}},
		{"InvalidUTF8", table, []string{"dodge\xff"}},
		{"EmptyContext", intent.Context{}, []string{"attack the goblin", "cast fireball", "go to the cellar", "drink my potion", "help bram"}},
		{"UnusableIDs", intent.Context{Targets: []intent.Ref{{ID: "", Name: "Goblin"}, {ID: strings.Repeat("g", intent.MaxIDLength+1), Name: "Orc"}}}, []string{"attack goblin", "attack orc"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, text := range tt.texts {
				if got, ok := intent.Parse(text, tt.ctx); ok {
					t.Errorf("Parse(%q) = %+v, want declined", text, got)
				}
			}
		})
	}
}

func TestParseIsDeterministic(t *testing.T) {
	for _, text := range []string{"cast fireball at the goblins and the orcs", "attack goblin 2 with my bow", `I say "hi"`} {
		first, ok1 := intent.Parse(text, table)
		for range 20 {
			if got, ok := intent.Parse(text, table); ok != ok1 || !reflect.DeepEqual(got, first) {
				t.Fatalf("Parse(%q) = %+v, %v, then %+v, %v", text, first, ok1, got, ok)
			}
		}
	}
}

func TestParseFollowsContextOrder(t *testing.T) {
	c := table
	c.Targets = []intent.Ref{{ID: "orc-2", Name: "Orc 2"}, {ID: "orc-1", Name: "Orc 1"}}
	got, ok := intent.Parse("cast fireball at the orcs", c)
	if want := cast("fireball", 0, "orc-2", "orc-1"); !ok || !reflect.DeepEqual(got, want) {
		t.Fatalf("Parse = %+v, %v, want %+v", got, ok, want)
	}
}

func TestParseExactNameWinsOverPrefix(t *testing.T) {
	c := intent.Context{Targets: []intent.Ref{{ID: "g", Name: "Goblin"}, {ID: "gb", Name: "Goblin Boss"}}}
	for text, want := range map[string]string{"attack the goblin": "g", "attack the goblin boss": "gb", "attack the boss": "gb"} {
		got, ok := intent.Parse(text, c)
		if !ok || got.TargetID != want {
			t.Errorf("Parse(%q) = %+v, %v, want target %s", text, got, ok, want)
		}
	}
}

func TestParseLetterNames(t *testing.T) {
	c := intent.Context{Targets: []intent.Ref{{ID: "ga", Name: "Goblin A"}, {ID: "gb", Name: "Goblin B"}}, Weapons: table.Weapons}
	for text, want := range map[string]string{"attack goblin a": "ga", "hit goblin b with my dagger": "gb", "attack goblin a with a dagger": "ga"} {
		got, ok := intent.Parse(text, c)
		if !ok || got.TargetID != want {
			t.Errorf("Parse(%q) = %+v, %v, want target %s", text, got, ok, want)
		}
	}
	if got, ok := intent.Parse("attack a goblin", c); ok {
		t.Errorf("Parse(attack a goblin) = %+v, want declined (two goblins)", got)
	}
}

// Words that describe an uncertain task call for the check that decides
// it, at a medium difficulty; the words never set the DC themselves.
func TestParseTasks(t *testing.T) {
	check := func(ability, skill string) intent.Intent {
		return intent.Intent{Kind: "check", Ability: ability, Skill: skill, Difficulty: "medium"}
	}
	wantValidReads(t, map[string]intent.Intent{
		"I try to lift the heavy barrel":   check("str", "athletics"),
		"I climb the wall":                 check("str", "athletics"),
		"I sneak past the guard":           check("dex", "stealth"),
		"I search the desk":                check("int", "investigation"),
		"I search the room for traps":      check("int", "investigation"),
		"I look around":                    check("wis", "perception"),
		"pick the lock":                    check("dex", ""),
		"I try to persuade the innkeeper":  check("cha", "persuasion"),
		"I attempt to balance on the beam": check("dex", "acrobatics"),
		"I hide behind the crates":         {Kind: "hide"},
	})
}

// Grapples and shoves name a creature present; pushing something else is
// a task of Athletics.
func TestParseContests(t *testing.T) {
	wantValidReads(t, map[string]intent.Intent{
		"I grapple goblin 1":   {Kind: "grapple", TargetID: "goblin-1"},
		"grab goblin 2":        {Kind: "grapple", TargetID: "goblin-2"},
		"I shove goblin 1":     {Kind: "shove", TargetID: "goblin-1"},
		"knock goblin 1 prone": {Kind: "shove", TargetID: "goblin-1", Choice: "prone"},
		"push goblin 2 back":   {Kind: "shove", TargetID: "goblin-2", Choice: "push"},
		"I push goblin 1":      {Kind: "shove", TargetID: "goblin-1", Choice: "push"},
		"I try to break free":  {Kind: "escape"},
		"I push the cart":      {Kind: "check", Ability: "str", Skill: "athletics", Difficulty: "medium"},
	})
}

// Two actions in one sentence are refused in words that say so, never
// read as one of them: the player says which.
func TestUnreadSaysTwoActions(t *testing.T) {
	for text, want := range map[string]string{
		"I drink my potion and attack goblin 2":                "it asks for use item and attack",
		"I attack goblin 1 and then cast fireball at the orcs": "it asks for attack and cast",
		"Aria casts bless on Bram. Then I run to the cellar":   "it asks for cast and move",
	} {
		if _, ok := intent.Parse(text, table); ok {
			t.Errorf("Parse(%q) read it, want declined", text)
		}
		if got := intent.Unread(text, table); got != want {
			t.Errorf("Unread(%q) = %q, want %q", text, got, want)
		}
	}
	for _, text := range []string{"I grit my teeth and sigh", "I push open the door and look around"} {
		if got := intent.Unread(text, table); got != "" {
			t.Errorf("Unread(%q) = %q, want nothing: no two actions", text, got)
		}
	}
}

// One action said twice is one action, as Parse reads it; the same kind
// asked of two targets is two.
func TestActionsCountsOneActionSaidTwiceOnce(t *testing.T) {
	if got, ok := intent.Parse("attack orc 2. attack orc 2", table); !ok || got.Kind != "attack" || got.TargetID != "orc-2" {
		t.Errorf("Parse read %+v, %v; want the attack on orc 2", got, ok)
	}
	if got := intent.Actions("attack orc 2. attack orc 2", table); len(got) != 1 {
		t.Errorf("Actions of one attack said twice = %v, want one", got)
	}
	if got := intent.Actions("attack orc 2. attack orc 1", table); len(got) != 2 {
		t.Errorf("Actions of attacks on two orcs = %v, want two", got)
	}
}

// Words around an action that say how, not what, are taken off: the
// action economy's jargon, fillers, a trailing phrase of colour and a
// clause of colour or of movement without a place.
func TestParseReadsTheShapeAroundAnAction(t *testing.T) {
	for text, want := range map[string]intent.Intent{
		"bonus action: drink potion":                       {Kind: "use_item", Item: "potion-of-healing", Bonus: true},
		"I'll use my action to attack goblin 2":            {Kind: "attack", TargetID: "goblin-2"},
		"um, I think I'll go ahead and dodge":              {Kind: "dodge"},
		"I punch goblin 1 in the face":                     {Kind: "attack", TargetID: "goblin-1"},
		"I step back and loose an arrow at orc 2":          {Kind: "attack", TargetID: "orc-2", Weapon: "longbow"},
		"Aria drew her longsword and slashed at goblin 2":  {Kind: "attack", TargetID: "goblin-2", Weapon: "longsword"},
		"I leave the inn and go to the stables":            {Kind: "move", ToAreaID: "stables"},
		"is he lying? insight":                             {Kind: "check", Ability: "wis", Skill: "insight"},
		`Aria shouts "For the king!" and charges goblin 1`: {Kind: "attack", TargetID: "goblin-1"},
		"pour the potion down Bram's throat":               {Kind: "use_item", Item: "potion-of-healing", TargetID: "pc-bram"},
		"I throw a fireball at the orcs and the bugbear":   {Kind: "cast", Spell: "fireball", TargetIDs: []string{"orc-1", "orc-2", "bugbear-chief"}},
		"we bed down at the inn for the night":             {Kind: "rest", Rest: "long"},
		"I shoulder-check goblin 1 to knock it prone":      {Kind: "shove", TargetID: "goblin-1", Choice: "prone"},
		"use my bonus action to dash":                      {Kind: "dash", Bonus: true},
		"I rest for an hour":                               {Kind: "rest", Rest: "short"},
		"perception":                                       {Kind: "check", Ability: "wis", Skill: "perception"},
	} {
		got, ok := intent.Parse(text, table)
		if !ok || !reflect.DeepEqual(got, want) {
			t.Errorf("Parse(%q) = %+v, %v; want %+v", text, got, ok, want)
		}
	}
}

// Loose reading keeps the guards: words that hedge, choose, set a
// condition, name another actor, or ask for two things are declined.
func TestParseLooseKeepsTheGuards(t *testing.T) {
	for _, text := range []string{
		"I don't attack, I just watch", "attack goblin 1 or goblin 2, whichever's closer", "if the orc moves I attack it",
		"I ready an attack against goblin 1", "should I fireball the orcs?", "Bram swings his longsword at goblin 2",
		"I kick the table over and leap onto it", "drink a potion and cast fireball at the orcs",
		"I cast fireball and then run to the cellar", "cast fireball in the middle of the goblins",
		"I try to shoot goblin 1 but my bow is broken", "I point at the bugbear", "heal Bram",
		"what do I know about the Gloamwood?",
	} {
		ctx := table
		if strings.Contains(text, "Gloamwood") {
			ctx = explore
		}
		if got, ok := intent.Parse(text, ctx); ok {
			t.Errorf("Parse(%q) = %+v, want declined", text, got)
		}
	}
}

// A spell whose name is an ordinary deed is that deed when said alone
// ("I knock twice" at a door, not the Knock spell), and the spell when it
// names its targets.
func TestPlainWordSpellsAreDeedsAlone(t *testing.T) {
	c := table
	c.OtherSpells = append(slices.Clone(c.OtherSpells), intent.Ref{ID: "knock", Name: "Knock"}, intent.Ref{ID: "sleep", Name: "Sleep"})
	for _, s := range []string{"I knock twice", "knock!", "I knock"} {
		if got, ok := intent.Parse(s, c); ok && got.Kind == "cast" {
			t.Errorf("%q read as casting %s", s, got.Spell)
		}
	}
	if got, ok := intent.Parse("sleep the goblins", c); !ok || got.Kind != "cast" || got.Spell != "sleep" || len(got.TargetIDs) != 2 {
		t.Errorf("sleep the goblins = %+v, %v; want Sleep cast at both goblins", got, ok)
	}
}

// A sentence the ordered readers leave is read by its shape: a verb of one
// kind and the names that kind takes, with any colour between them.
func TestParseReadsByShape(t *testing.T) {
	tests := []struct {
		name  string
		ctx   intent.Context
		texts []string
		want  in
	}{
		{"AMoveVerbThenWordsThenAPlace", table, []string{"Aria tiptoes past the bar and slips into the cellar",
			"I stagger out of the fight and down into the cellar"}, move("cellar")},
		{"AMoveVerbThenTheCompanyThenAPlace", table, []string{"we file out one by one onto the crossroads"}, move("road")},
		{"AMoveWithColourAfterIt", table, []string{"I scramble over to the stables before anyone sees me"}, move("stables")},
		{"AnItemVerbThenTheItemThenAThing", table, []string{"I loop the hempen rope around the pillar",
			"Aria knots her rope to the railing"}, in{Kind: "use_item", Item: "rope"}},
		{"AnItemVerbWithACreatureAndTheItem", table, []string{"bind goblin 2 tight with my rope"}, in{Kind: "use_item", Item: "rope", TargetID: "goblin-2"}},
		{"AnAttackVerbWithWordsBetween", lone, []string{"I whirl around and cleave straight through the orc with my handaxe"}, attack("orc-1", "handaxe")},
		{"LeaveAskedToAct", lone, []string{"is it okay if I stab the goblin?", "um, would it be ok if I stab the goblin?"}, attack("goblin-2", "")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, text := range tt.texts {
				got, ok := intent.Parse(text, tt.ctx)
				if !ok || !reflect.DeepEqual(got, tt.want) {
					t.Errorf("Parse(%q) = %+v, %v; want %+v", text, got, ok, tt.want)
				}
			}
		})
	}
}

// A shape is read only when it is the one shape the words hold.
func TestParseByShapeDeclines(t *testing.T) {
	for name, text := range map[string]string{
		"TwoKindsOfAction":       "I slip into the cellar and stab goblin 1",
		"ANameBeforeTheVerb":     "Bram stumbles down into the cellar",
		"AThingNotHeld":          "I cleave through the orc with my greatsword",
		"AnotherThingOfThatName": "I gulp my potion of giant strength",
		"NoWayToThePlace":        "I stagger past the stables",
		"ThreeToFiveHours":       "we rest for 4 hours",
	} {
		t.Run(name, func(t *testing.T) {
			if got, ok := intent.Parse(text, table); ok {
				t.Errorf("Parse(%q) = %+v, want declined", text, got)
			}
		})
	}
}

// A numbered foe who is not there names no one: "orc 2" is never read as
// the Orc 1 who stands, whatever shape the sentence has.
func TestANumberedFoeNotThereIsNoOtherFoe(t *testing.T) {
	for _, s := range []string{"I attack orc 2 again", "I swing my longsword at orc 2", "orc 2, longsword"} {
		if got, ok := intent.Parse(s, lone); ok && got.TargetID == "orc-1" {
			t.Errorf("%q read as an attack on Orc 1: %+v", s, got)
		}
	}
	if got, ok := intent.Parse("I attack orc 1 again", lone); !ok || got.TargetID != "orc-1" {
		t.Errorf("I attack orc 1 again = %+v, %v", got, ok)
	}
}

// Reads that once went wrong, in other words than the corpus's: a weapon
// named by its kind or ammunition, a sneak attack, speech before a cast, a
// feature's ally named in another clause, and words that take an action
// back, ask the rules, or aim a wand at no one.
func TestParseReadsTheWeaponKindAndDeclinesTakeBacks(t *testing.T) {
	wantReads(t, []sentence{
		{table, "fire off an arrow toward goblin 1", &in{Kind: "attack", TargetID: "goblin-1", Weapon: "longbow"}},
		{table, "orc 1 with the bow", &in{Kind: "attack", TargetID: "orc-1", Weapon: "longbow"}},
		{table, "I hit goblin 2 with my sword, both hands", &in{Kind: "attack", TargetID: "goblin-2", Weapon: "longsword", Choice: "two-handed"}},
		{table, "sneak attack goblin 1", &in{Kind: "attack", TargetID: "goblin-1"}},
		{table, "Aria murmurs a blessing then casts cure wounds on Ilsa", &in{Kind: "cast", Spell: "cure-wounds", TargetIDs: []string{"pc-ilsa"}}},
		{table, "I kneel by Ilsa and use lay on hands", &in{Kind: "feature", Feature: "lay-on-hands", TargetID: "pc-ilsa"}},
		{table, "use lay on hands to heal Ilsa", &in{Kind: "feature", Feature: "lay-on-hands", TargetID: "pc-ilsa"}},
		{table, "attack goblin 1, actually no", nil},
		{table, "fire bolt at orc 2 scratch that", nil},
		{table, "can I cast two spells per turn?", nil},
		{wand, "I point the wand", nil},
		{explore, "I quaff the murky green potion", nil},
		{explore, "I lift the guard's keys without anyone noticing", &in{Kind: "check", Ability: "dex", Skill: "sleight-of-hand", Difficulty: "medium"}},
	})
}
