package intent_test

import (
	"testing"

	"chronicler/shared/intent"
)

// Sentences of the shapes players type around an action, in other words
// than the corpus's: each is read as the one action it asks for, or left
// unread where the words ask for none.
func TestParseReadsTheWordsAroundAnAction(t *testing.T) {
	short, long := &in{Kind: "rest", Rest: "short"}, &in{Kind: "rest", Rest: "long"}
	wantReads(t, []sentence{
		// a rest asked with words around it
		{explore, "long rest now folks, I'm spent", long},
		{explore, "ok short rest everyone", short},
		{explore, "I'm done in. short rest by the road?", short},
		{explore, "short rest, I want to spend hit dice", short},
		{table, "could we catch a long rest upstairs?", long},
		{explore, "can we rest for an hour before heading out?", short},
		{explore, "I take the long road", nil},
		{table, "short rest and then I stab goblin 1", nil},
		// worn gear put on by a verb of dressing
		{explore, "I pull my chain mail on quickly", &in{Kind: "equip", Item: "chain-mail"}},
		{explore, "Aria buckles herself into the chain mail", &in{Kind: "equip", Item: "chain-mail"}},
		{explore, "slinging my shield onto my arm", &in{Kind: "equip", Item: "shield"}},
		{explore, "I put my shield down by the door", nil},
		{explore, "I put the rope back in my pack", nil},
		{explore, "slip the chain mail into the cart", nil},
		// a skill named apart as the sentence's label
		{explore, "is that bird an omen? religion", &in{Kind: "check", Ability: "int", Skill: "religion"}},
		{table, "Athletics check: I haul myself up onto the balcony", &in{Kind: "check", Ability: "str", Skill: "athletics"}},
		{explore, "medicine - what killed this deer?", &in{Kind: "check", Ability: "wis", Skill: "medicine"}},
		{table, "vault the table, sleight of hand", &in{Kind: "check", Ability: "dex", Skill: "sleight-of-hand"}},
		{table, "stealth: I never move, just wait", nil},
		// a weapon and a foe as a terse list
		{table, "dagger, orc 1, now", &in{Kind: "attack", TargetID: "orc-1", Weapon: "dagger"}},
		{table, "Handaxe. Orc 2. In the throat.", &in{Kind: "attack", TargetID: "orc-2", Weapon: "handaxe"}},
		{table, "longbow versus the bugbear chief", &in{Kind: "attack", TargetID: "bugbear-chief", Weapon: "longbow"}},
		{table, "dagger, orc 1, then run", nil},
		{table, "dagger. orc 1. longbow.", nil},
		// an attack or a cast followed by colour
		{table, "healing word on ilsa, shes down to 1", &in{Kind: "cast", Spell: "healing-word", TargetIDs: []string{"pc-ilsa"}}},
		{table, "I stab goblin 1 with my dagger. If it screams, all the better.", &in{Kind: "attack", TargetID: "goblin-1", Weapon: "dagger"}},
		{table, "fire bolt at orc 1 because goblin 2 is too far", nil},
		{table, "fire bolt at orc 1. Then I run to the cellar.", nil},
		{table, "stealth or perception?", nil},
	})
}

// Reads that once went wrong, in other words than the corpus's: a spell's
// name said as a verb after speech, a question about the world, a thing
// taken out of a pack, and a thing thrown that is no weapon held.
func TestParseDeclinesWhatAsksNoAction(t *testing.T) {
	wantReads(t, []sentence{
		{table, "I misty step away from goblin 1", &in{Kind: "cast", Spell: "misty-step"}},
		{explore, "who owns the stables?", nil},
		{table, "where does the cellar lead?", nil},
		{explore, "what do I remember about trolls?", &in{Kind: "check", Ability: "int"}},
		{explore, "I pull out my map", nil},
		{explore, "pull the lever out of the wall", &in{Kind: "check", Ability: "str", Skill: "athletics", Difficulty: "medium"}},
		{table, "I hurl a chair at goblin 1", nil},
		{table, "I throw my dagger at goblin 1", &in{Kind: "attack", TargetID: "goblin-1", Weapon: "dagger"}},
		{table, "I throw a punch at goblin 1", &in{Kind: "attack", TargetID: "goblin-1"}},
	})
	if got, ok := intent.Parse("Aria whispers a charm and misty steps behind the bar", table); ok && got.Kind == "say" {
		t.Errorf("a spell's name said as a verb after speech read as the speech: %+v", got)
	}
}

// Shapes read, or declined, since the sixth held-out set joined, in other
// words than the corpus's: a spell laid or called down after words of
// prayer, a climb to a place the map lacks, a description that singles
// out no one.
func TestParseReadsTheSixthSetsShapes(t *testing.T) {
	wantReads(t, []sentence{
		// a verb whose object is a spell casts it, after speech too
		{table, "I mutter a blessing and lay cure wounds on Ilsa", &in{Kind: "cast", Spell: "cure-wounds", TargetIDs: []string{"pc-ilsa"}}},
		{table, "Aria calls down sacred flame upon orc 2", &in{Kind: "cast", Spell: "sacred-flame", TargetIDs: []string{"orc-2"}}},
		{table, "call Bless down on Ilsa", &in{Kind: "cast", Spell: "bless", TargetIDs: []string{"pc-ilsa"}}},
		{table, "I whisper to Bram and wave", nil},
		{table, "I lay my hands on the table", nil},
		// a climb toward a place the map lacks
		{table, "I climb up to the rafters", nil},
		{explore, "Aria climbs toward the hayloft", nil},
		{table, "I creep up to the door", &in{Kind: "check", Ability: "dex", Skill: "stealth", Difficulty: "medium"}},
		{table, "I climb onto the bar", &in{Kind: "check", Ability: "str", Skill: "athletics", Difficulty: "medium"}},
		{table, "I climb down into the cellar", &in{Kind: "move", ToAreaID: "cellar"}},
		// a wand aimed at creatures without its spell named casts its spell
		{wand, "I train the wand on goblin 2", &in{Kind: "cast", Spell: "magic-missile", TargetIDs: []string{"goblin-2"}, With: []string{"wand-of-magic-missiles"}}},
		{wand, "Aria aims her wand of magic missiles at orc 1 and orc 2 and fires", &in{Kind: "cast", Spell: "magic-missile", TargetIDs: []string{"orc-1", "orc-2"}, With: []string{"wand-of-magic-missiles"}}},
		{wand, "wand at the bugbear chief!", &in{Kind: "cast", Spell: "magic-missile", TargetIDs: []string{"bugbear-chief"}, With: []string{"wand-of-magic-missiles"}}},
		{table, "I aim the wand at goblin 2", nil},
		{wand, "I aim the wand at the goblin", nil},
		{wand, "I aim my longbow at orc 2", &in{Kind: "attack", TargetID: "orc-2", Weapon: "longbow"}},
		// a first clause that readies the weapon or the holy symbol, then the deed
		{table, "I slide my handaxe from my belt and drive it into goblin 1", &in{Kind: "attack", TargetID: "goblin-1", Weapon: "handaxe"}},
		{table, "Aria lifts her holy symbol high and calls sacred flame down on goblin 2", &in{Kind: "cast", Spell: "sacred-flame", TargetIDs: []string{"goblin-2"}}},
		{table, "I pull the dagger out of my boot", nil},
		{explore, "I pull the stuck cart wheel free", &in{Kind: "check", Ability: "str", Skill: "athletics", Difficulty: "medium"}},
		{table, "I nock an arrow and let it fly at goblin 2", &in{Kind: "attack", TargetID: "goblin-2", Weapon: "longbow"}},
		{table, "draw back the bowstring, then let fly at orc 1", &in{Kind: "attack", TargetID: "orc-1"}},
		{table, "I let fly", nil},
		// an ability check with its purpose, or with words of asking around it
		{explore, "wis check to work out what spooked the horses", &in{Kind: "check", Ability: "wis"}},
		{explore, "religion roll to recall what the shrine's runes mean", &in{Kind: "check", Ability: "int", Skill: "religion"}},
		{table, "gimme an insight check quickly", &in{Kind: "check", Ability: "wis", Skill: "insight"}},
		{explore, "can I roll an investigation check here?", &in{Kind: "check", Ability: "int", Skill: "investigation"}},
		{explore, "what do goblins fear?", nil},
		{explore, "stealth check or what", nil},
		// "one" after a determiner or a picking word stands for a creature
		{table, "hit the goblin, the one on the left", nil},
		{table, "stab the orc, the ugly one", nil},
		{lone, "stab the orc, the ugly one", &in{Kind: "attack", TargetID: "orc-1"}},
		{table, "stab orc one", &in{Kind: "attack", TargetID: "orc-1"}},
	})
}

// Shapes read, or declined, since the seventh held-out set joined, in
// other words than the corpus's.
func TestParseReadsTheSeventhSetsShapes(t *testing.T) {
	wantReads(t, []sentence{
		// a break for a place runs there; the way into a place is the place
		{table, "Aria makes a break for the stables", &in{Kind: "move", ToAreaID: "stables"}},
		{table, "I hurry over to the stables gate", &in{Kind: "move", ToAreaID: "stables"}},
		{table, "we run for the cellar stairs", &in{Kind: "move", ToAreaID: "cellar"}},
		{table, "I make a break for it", nil},
		{table, "I break the chair", &in{Kind: "check", Ability: "str", Skill: "athletics", Difficulty: "medium"}},
		// a feature "for" or "to" a creature present is used on it
		{table, "lay on hands for Ilsa", &in{Kind: "feature", Feature: "lay-on-hands", TargetID: "pc-ilsa"}},
		{table, "Lay on Hands to Bram, quick", &in{Kind: "feature", Feature: "lay-on-hands", TargetID: "pc-bram"}},
		{table, "lay on hands for the goblin", nil},
		// a weapon named by its part is that weapon
		{table, "I strike goblin 2 with the hilt of my dagger", &in{Kind: "attack", TargetID: "goblin-2", Weapon: "dagger"}},
		{table, "bash orc 1 with the butt of my handaxe", &in{Kind: "attack", TargetID: "orc-1", Weapon: "handaxe"}},
		{lone, "smack the orc with the flat of the sword", &in{Kind: "attack", TargetID: "orc-1", Weapon: "longsword"}},
		{table, "hit orc 2 with the pommel of my greatsword", nil},
		// a weapon or its ammunition put to a foe, no verb
		{table, "handaxe to goblin 1's face", &in{Kind: "attack", TargetID: "goblin-1", Weapon: "handaxe"}},
		{table, "an arrow into orc 1", &in{Kind: "attack", TargetID: "orc-1", Weapon: "longbow"}},
		{explore, "longsword to Ilsa", nil},
		{table, "arrows to Bram", nil},
		// a phrase of attack whose verb is inflected or split by its object
		{lone, "Aria finishes off the orc", &in{Kind: "attack", TargetID: "orc-1"}},
		{table, "finish orc 2 off already", &in{Kind: "attack", TargetID: "orc-2"}},
		{table, "finish the orc off", nil},
		{table, "going for orc 1's legs with the handaxe", &in{Kind: "attack", TargetID: "orc-1", Weapon: "handaxe"}},
		// a place said with a cue of going, or a move with colour around it
		{explore, "onward to the old mill, then", &in{Kind: "move", ToAreaID: "mill"}},
		{explore, "to the crossroads we go, lanterns lit", &in{Kind: "move", ToAreaID: "road"}},
		{table, "stables, go go", &in{Kind: "move", ToAreaID: "stables"}},
		{explore, "square time!", &in{Kind: "move", ToAreaID: "square"}},
		{explore, "into the gloamwood we go, bows out and Bram first", nil},
		{explore, "mill time?", nil},
		{table, "I head for the crossroads, quick", &in{Kind: "move", ToAreaID: "road"}},
		{lone, "Aria ducks into the stables to get away from the goblin", &in{Kind: "move", ToAreaID: "stables"}},
		{table, "I clamber over the bar and drop into the cellar", &in{Kind: "move", ToAreaID: "cellar"}},
		{table, "I drop my dagger into the cellar", nil},
		{table, "I hop off the bar and drop down into the cellar", &in{Kind: "move", ToAreaID: "cellar"}},
		{explore, "I head off toward the old mill, hand on my belt", &in{Kind: "move", ToAreaID: "mill"}},
		{table, "past the bar and into the stables", &in{Kind: "move", ToAreaID: "stables"}},
		{table, "can we make it into the stables?", &in{Kind: "move", ToAreaID: "stables"}},
		{explore, "we swing by the old mill", &in{Kind: "move", ToAreaID: "mill"}},
		{explore, "hand Bram the rope", &in{Kind: "use_item", Item: "rope", TargetID: "pc-bram"}},
		// a spell's darts or beams shared between targets, or its targets and
		// its slot in clauses of their own
		{table, "magic missile, one dart at goblin 2 and two at the chief", &in{Kind: "cast", Spell: "magic-missile", TargetIDs: []string{"goblin-2", "bugbear-chief"}}},
		{table, "magic missile 3x at orc 2", &in{Kind: "cast", Spell: "magic-missile", TargetIDs: []string{"orc-2"}}},
		{table, "magic missile, all darts into orc 1's chest", &in{Kind: "cast", Spell: "magic-missile", TargetIDs: []string{"orc-1"}}},
		{table, "magic missile, 2 darts at orc 1 and 1 at the goblin", nil},
		{table, "bless: Bram and Ilsa", &in{Kind: "cast", Spell: "bless", TargetIDs: []string{"pc-bram", "pc-ilsa"}}},
		{table, "bless. Bram and the goblin", nil},
		{table, "magic missile at orc 1, cast at 3rd level", &in{Kind: "cast", Spell: "magic-missile", SlotLevel: 3, TargetIDs: []string{"orc-1"}}},
		{table, "upcast shield of faith to 3rd level on Bram", &in{Kind: "cast", Spell: "shield-of-faith", SlotLevel: 3, TargetIDs: []string{"pc-bram"}}},
		{table, "thunderwve at orc 1", &in{Kind: "cast", Spell: "thunderwave", TargetIDs: []string{"orc-1"}}},
		{wand, "magic missile from my wand at goblin 2", &in{Kind: "cast", Spell: "magic-missile", TargetIDs: []string{"goblin-2"}, With: []string{"wand-of-magic-missiles"}}},
		// "uses" and "used" are the verb use; a phrase that is a verb opens a clause
		{table, "Aria uses her healer's kit on Ilsa", &in{Kind: "use_item", Item: "healers-kit", TargetID: "pc-ilsa"}},
		{table, "I crouch down and patch up Bram with the healer's kit", &in{Kind: "use_item", Item: "healers-kit", TargetID: "pc-bram"}},
		{table, "Aria crouches by Bram and uses her healer's kit to bandage him", nil},
	})
}

// Shapes read, or declined, since the eighth held-out set joined, in
// other words than the corpus's.
func TestParseReadsTheEighthSetsShapes(t *testing.T) {
	wantReads(t, []sentence{
		// words after a quotation a speech verb frames say how or to whom
		{explore, `he grumbles, then mutters "long rest soon" under his breath`, nil},
		{explore, `she whispers "we rest at dawn" under her breath`, &in{Kind: "say", Text: "we rest at dawn"}},
		{table, `I hiss "stay down" to Ilsa`, &in{Kind: "say", Text: "stay down"}},
		{table, `Aria bellows "Surrender!" at the orcs`, &in{Kind: "say", Text: "Surrender!"}},
		{table, `I yell "now!" at orc 2 and swing my longsword at it`, &in{Kind: "attack", TargetID: "orc-2", Weapon: "longsword"}},
		{table, `Bram mutters "fine" under his breath`, nil},
		// a breath is a rest only when caught; "or so" is no choice
		{explore, "I draw a slow breath", nil},
		{explore, "we get our breath back for an hour", &in{Kind: "rest", Rest: "short"}},
		{explore, "rest up for an hour or so", &in{Kind: "rest", Rest: "short"}},
		{explore, "rest an hour or two", nil},
		// "crash" with a rest's length rests
		{explore, "we crash in the hayloft for the night", &in{Kind: "rest", Rest: "long"}},
		{table, "I crash through the window", nil},
		// a count before a plural names the group only when it holds that many
		{table, "magic missile at the two goblins", &in{Kind: "cast", Spell: "magic-missile", TargetIDs: []string{"goblin-1", "goblin-2"}}},
		{table, "magic missile at the three goblins", nil},
		// an area set down between creatures of one kind takes them all
		{table, "fireball right between goblin 1 and goblin 2", &in{Kind: "cast", Spell: "fireball", TargetIDs: []string{"goblin-1", "goblin-2"}}},
		{table, "fireball between orc 2 and Ilsa", nil},
		{table, "fireball between the goblin and the orc", nil},
		// a spell dropped, put or thrown up casts it; creatures put to a spell's name are its targets
		{table, "I drop fireball on the two orcs", &in{Kind: "cast", Spell: "fireball", TargetIDs: []string{"orc-1", "orc-2"}}},
		{table, "throw up shield of faith on Bram", &in{Kind: "cast", Spell: "shield-of-faith", TargetIDs: []string{"pc-bram"}}},
		{table, "I put orc 2 to sleep", &in{Kind: "cast", Spell: "sleep", TargetIDs: []string{"orc-2"}}},
		{table, "I put the orc to sleep", nil},
		{table, "I put the rope to good use", nil},
		// a spell laid on a thing that is no creature of the context is cast with no target
		{explore, "I cast light on the end of my longbow", &in{Kind: "cast", Spell: "light"}},
		{explore, "cast detect magic on the stone well", &in{Kind: "cast", Spell: "detect-magic"}},
		{explore, "cast speak with animals on the stray hound", &in{Kind: "cast", Spell: "speak-with-animals"}},
		{table, "cast fire bolt on the goblin", nil},
		{table, "cast fire bolt on goblin 4", nil},
		{table, "cast cure wounds on her", nil},
		{table, "cast light on the cellar hatch", nil},
		{table, "cast light on the lamp and attack", nil},
		{table, "cast bless and attack", nil},
		// the cunning action said with "using" or "with" asks the bonus action
		{table, "dash using my cunning action", &in{Kind: "dash", Bonus: true}},
		{table, "disengage with cunning action", &in{Kind: "disengage", Bonus: true}},
		// a shove's particle before its object, where the foe lands, whom it
		// is pushed away from, a distance and the body part that shoves
		{table, "knock over goblin 2", &in{Kind: "shove", TargetID: "goblin-2", Choice: "prone"}},
		{table, "knock goblin 1 down onto the flagstones", &in{Kind: "shove", TargetID: "goblin-1", Choice: "prone"}},
		{table, "knock goblin 1 down into the cellar", nil},
		{table, "shove orc 2 away from Ilsa", &in{Kind: "shove", TargetID: "orc-2", Choice: "push"}},
		{table, "shove orc 2 off of Ilsa", &in{Kind: "shove", TargetID: "orc-2", Choice: "push"}},
		{table, "shove orc 2 off its feet", &in{Kind: "shove", TargetID: "orc-2", Choice: "prone"}},
		{table, "push the bugbear chief back ten feet", &in{Kind: "shove", TargetID: "bugbear-chief", Choice: "push"}},
		{table, "shove orc 1 with my hip", &in{Kind: "shove", TargetID: "orc-1"}},
		{table, "shove orc 1 with my dagger", nil},
		// a blade's name as the verb; talk that sweetens persuades; suiting up dons
		{table, "knife orc 2", &in{Kind: "attack", TargetID: "orc-2"}},
		{table, "knife the orc", nil},
		{explore, "I smooth-talk the innkeeper", &in{Kind: "check", Ability: "cha", Skill: "persuasion", Difficulty: "medium"}},
		{explore, "suit up in my chain mail", &in{Kind: "equip", Item: "chain-mail"}},
		{table, "full dodge", &in{Kind: "dodge"}},
		// a feature called on, caught, or said with "time"
		{table, "rage time", &in{Kind: "feature", Feature: "rage"}},
		{table, "Aria calls upon her second wind", &in{Kind: "feature", Feature: "second-wind"}},
		{table, "I catch my second wind", &in{Kind: "feature", Feature: "second-wind"}},
		{table, "I call on the spirits of the wood", nil},
		{table, "I call on Bram to help", nil},
	})
}

// Shapes read, or declined, since the ninth held-out set joined, in
// other words than the corpus's: its four wrong reads' general causes
// first, then the families its unread lines and the earlier sets' share.
func TestParseReadsTheNinthSetsShapes(t *testing.T) {
	wantReads(t, []sentence{
		// a slot level said by its ordinal alone, after a preposition of
		// level or before "slot"; "upcast" with no level says none
		{table, "healing word at 3rd on Ilsa", &in{Kind: "cast", Spell: "healing-word", SlotLevel: 3, TargetIDs: []string{"pc-ilsa"}}},
		{table, "cast shield of faith as a second on Bram", &in{Kind: "cast", Spell: "shield-of-faith", SlotLevel: 2, TargetIDs: []string{"pc-bram"}}},
		{table, "with my 4th slot, fireball the orcs", &in{Kind: "cast", Spell: "fireball", SlotLevel: 4, TargetIDs: []string{"orc-1", "orc-2"}}},
		{table, "upcast bless on Bram and Ilsa", nil},
		{table, "cast bless at 2nd on Bram at 3rd", nil},
		{table, "I run up to the 2nd floor", nil},
		// a lighting verb takes only a thing that burns; a spell's name put
		// "on" a weapon or a thing lays the spell there
		{explore, "light on the point of my dagger", &in{Kind: "cast", Spell: "light"}},
		{explore, "light up my torch", &in{Kind: "use_item", Item: "torch"}},
		{explore, "kindle my longbow", nil},
		{table, "light on goblin 1", &in{Kind: "cast", Spell: "light", TargetIDs: []string{"goblin-1"}}},
		// a task of strength done to the actor toward a place of the map
		// moves there; with another creature, or to a place the map lacks,
		// it is declined
		{table, "haul myself over to the cellar", &in{Kind: "move", ToAreaID: "cellar"}},
		{table, "Aria pulls herself toward the stables gate", &in{Kind: "move", ToAreaID: "stables"}},
		{table, "I drag Ilsa into the cellar", nil},
		{table, "haul myself up to the belfry", nil},
		{table, "I drag the table to the door", &in{Kind: "check", Ability: "str", Skill: "athletics", Difficulty: "medium"}},
		// a thing a blow is dealt with that the actor lacks is declined;
		// an item that holds a spell, set off before its target, casts it
		{table, "staff whack orc 2", nil},
		{table, "smash orc 2, mace", nil},
		{table, "rapier lunge at goblin 1", nil},
		{wand, "wand shoot orc 2", &in{Kind: "cast", Spell: "magic-missile", TargetIDs: []string{"orc-2"}, With: []string{"wand-of-magic-missiles"}}},
		{wand, "my wand, zap it at the chief", nil},
		{table, "wand shoot orc 2", nil},
		// a skill or a long task's verb typed one letter wrong, or "cs" as "x"
		{explore, "roll relgion", &in{Kind: "check", Ability: "int", Skill: "religion"}},
		{explore, "acrobatix check", &in{Kind: "check", Ability: "dex", Skill: "acrobatics"}},
		{explore, "I persuede the miller", &in{Kind: "check", Ability: "cha", Skill: "persuasion", Difficulty: "medium"}},
		{explore, "roll strenght", nil},
		// music or a show of words made, with what is made or played on
		{explore, "Aria strums a jig on her lute", &in{Kind: "check", Ability: "cha", Skill: "performance", Difficulty: "medium"}},
		{explore, "I sing a hymn by the fire", &in{Kind: "check", Ability: "cha", Skill: "performance", Difficulty: "medium"}},
		{explore, `I sing "la la la"`, &in{Kind: "say", Text: "la la la"}},
		{explore, "I play dead", nil},
		{explore, "I tell Bram about the mill", nil},
		// chat's spellings of words the readers know
		{explore, "long rest b4 the climb", &in{Kind: "rest", Rest: "long"}},
		{explore, "Ilsa and I camp til dawn", nil},
		{explore, "we camp til dawn", &in{Kind: "rest", Rest: "long"}},
		{table, "pew at orc 2 with my longbow", &in{Kind: "attack", TargetID: "orc-2", Weapon: "longbow"}},
		{explore, "Aria turns in till sunrise", &in{Kind: "rest", Rest: "long"}},
		// a roll asked for "me" or "us", "some" of a skill
		{table, "roll me a stealth", &in{Kind: "check", Ability: "dex", Skill: "stealth"}},
		{table, "roll us some insight on the chief", &in{Kind: "check", Ability: "wis", Skill: "insight"}},
		{table, "roll me over", nil},
		// whose turn it is, said before the action
		{table, "ok my turn - handaxe vs orc 2", &in{Kind: "attack", TargetID: "orc-2", Weapon: "handaxe"}},
		{table, "its my turn: shield", &in{Kind: "cast", Spell: "shield"}},
		{table, "my turn: I think", nil},
		// a word that points at a creature in sight names it as "the" does
		{lone, "guiding bolt at that orc", &in{Kind: "cast", Spell: "guiding-bolt", TargetIDs: []string{"orc-1"}}},
		{table, "fireball those orcs", &in{Kind: "cast", Spell: "fireball", TargetIDs: []string{"orc-1", "orc-2"}}},
		{table, "guiding bolt at that goblin", nil},
		// a feature's one-word name said as a verb, a longer one without its small words
		{lone, "Aria rages", &in{Kind: "feature", Feature: "rage"}},
		{table, "I lay hands on Ilsa", &in{Kind: "feature", Feature: "lay-on-hands", TargetID: "pc-ilsa"}},
		{table, "lay hands on the bar", nil},
		{lone, "Aria is raging mad", nil},
		// a hand given or lent to a creature present is the Help action
		{table, "lend Bram a hand", &in{Kind: "help", TargetID: "pc-bram"}},
		{table, "give a hand to Ilsa against the chief", &in{Kind: "help", TargetID: "pc-ilsa"}},
		{table, "give the goblin a hand", nil},
		{table, "give Ilsa a hand and stab orc 1", nil},
		{table, "give Ilsa a handaxe", nil},
	})
}
