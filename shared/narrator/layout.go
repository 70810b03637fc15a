package narrator

import (
	"fmt"
	"strings"
	"time"

	"chronicler/shared/campaign"
)

// Layout is how a narration request is laid out as prompt blocks.
type Layout string

// The layouts.
const (
	// LayoutCached, the default, is made for a provider's prompt cache.
	// What holds still comes first and what changes every turn last, so
	// that each call reads most of its input from the cache:
	//
	//   - the contract and the narration guide (the same for every
	//     campaign) and the world with its map (the same for the whole
	//     campaign): a cache point of an hour, long enough to outlive a
	//     table's break, whose prefix passes the high tier's minimum on
	//     its own with a world of a few lines;
	//   - the party's roster with what each carries (changing at a level
	//     up, or when an item comes or goes) and the canon of the story's
	//     earlier turns (changing when the story is compacted);
	//   - the story so far, one block a chapter (the summary's parts
	//     between blank lines), each chapter with the canon its turns
	//     established: a fold appends its chapter as a new block after the
	//     last, and a five-minute cache point after the last chapter lets
	//     the next call read every chapter before it from the cache, so a
	//     fold writes its own chapter and no more;
	//   - the recent turns since the window's start, one block a turn, so
	//     that each call's prefix is the last call's plus the turn just
	//     played: a five-minute cache point after the newest turn (a table
	//     takes 30 to 90 s a turn; a five-minute write costs 1.25 times
	//     the input price, an hour's twice);
	//   - then, never cached, the party as it stands now (only who is
	//     hurt, in words, away or under something; the actor's slots on
	//     a turn that casts), the scene, the lore recalled for this turn
	//     (the sentences that matched), and the turn itself (with no ask
	//     the contract already makes).
	//
	// Nothing in the cached part flips from turn to turn: the window of
	// recent turns starts at a point memory keeps until the summary folds,
	// new facts join the story with their fold's chapter (memory.Build),
	// and the roster carries no hit points and no counts.
	LayoutCached Layout = ""
	// LayoutFlat is the earlier layout (flatBlocks): one cache point after
	// the party's sheets, with the scene, summary and recent turns after
	// it. It is kept to measure the cached layout against.
	LayoutFlat Layout = "flat"
)

// Block names LayoutCached adds to those of the flat layout.
const (
	BlockCanon = "canon" // what the party knows for sure
	BlockParty = "party" // the party as it stands now
	BlockLore  = "lore"  // what this turn recalls
)

// The cache points' lifetimes: the stable prefix's (both layouts) and
// the recent turns' (LayoutCached).
const (
	StableTTL = time.Hour
	RecentTTL = 5 * time.Minute
)

// cachedBlocks is LayoutCached (see its comment).
func cachedBlocks(req Request) []Block {
	blocks := []Block{
		{Name: BlockSystem, Text: narrateContract + "\n\n" + narrateGuide},
		{Name: BlockWorld, Text: world(req) + places(req.Places), Cache: true, TTL: StableTTL},
	}
	if len(req.Characters) > 0 {
		blocks = append(blocks, Block{Name: BlockCharacters, Text: roster(req.Characters)})
	}
	if s := strings.TrimSpace(req.Canon); s != "" {
		blocks = append(blocks, Block{Name: BlockCanon, Text: s})
	}
	for i, ch := range Chapters(req.Summary) {
		if i == 0 {
			ch = "The story so far:\n" + ch
		}
		blocks = append(blocks, Block{Name: BlockSummary, Text: ch})
	}
	if last := &blocks[len(blocks)-1]; last.Name == BlockSummary {
		last.Cache, last.TTL = true, RecentTTL
	}
	for i, t := range req.Recent {
		text := strings.Join(turnLines(t), "\n")
		if i == 0 {
			text = recentHeader + "\n" + text
		}
		blocks = append(blocks, Block{Name: BlockRecent, Text: text})
	}
	if len(blocks) > 2 {
		blocks[len(blocks)-1].Cache, blocks[len(blocks)-1].TTL = true, RecentTTL
	}
	if len(req.Characters) > 0 {
		blocks = append(blocks, Block{Name: BlockParty, Text: partyNow(req.Characters, req.Effects, req.Actor, req.RulesResult)})
	}
	area := req.Area
	for _, p := range req.Places {
		if strings.EqualFold(oneLine(p.Name), oneLine(area.Name)) {
			// The map above describes it already.
			area.Description, area.Exits = "", nil
			break
		}
	}
	if s := scene(req.Scene, area, req.Threats); s != "" {
		blocks = append(blocks, Block{Name: BlockScene, Text: s})
	}
	if s := strings.TrimSpace(req.Lore); s != "" {
		blocks = append(blocks, Block{Name: BlockLore, Text: s})
	}
	return append(blocks, Block{Name: BlockTurn, Text: current(req)})
}

// Chapters are the story's chapters, oldest first: the summary's parts
// between blank lines, each a block of the cached layout so that a fold's
// new chapter leaves the blocks before it as they were. memory keeps the
// story in the same parts (memory.AppendChapter).
func Chapters(summary string) []string {
	var out []string
	for _, c := range strings.Split(strings.TrimSpace(summary), "\n\n") {
		if c = strings.TrimSpace(c); c != "" {
			out = append(out, c)
		}
	}
	return out
}

// places is the campaign's map for the world block: each area, what it is
// like and where one goes from it.
func places(ps []Area) string {
	if len(ps) == 0 {
		return ""
	}
	lines := []string{"", "The places of this campaign:"}
	for _, p := range ps {
		line := oneLine(p.Name) + "."
		if d := oneLine(p.Description); d != "" {
			line += " " + d
		}
		if exits := oneLines(p.Exits); len(exits) > 0 {
			line += " Ways on: " + strings.Join(exits, ", ") + "."
		}
		lines = append(lines, line)
	}
	return strings.Join(lines, "\n")
}

// roster is the party as it changes only at a level up or when an item
// comes or goes: who each character is and what it carries (not how
// many), for the cached part of the prompt.
func roster(cs []campaign.Character) string {
	lines := []string{"The party:"}
	for _, c := range cs {
		var b strings.Builder
		b.WriteString(oneLine(c.Name) + ":")
		if who := strings.TrimSpace(oneLine(c.Race) + " " + oneLine(c.Class)); who != "" {
			b.WriteString(" " + who)
		}
		if c.Level > 0 {
			fmt.Fprintf(&b, ", level %d", c.Level)
		}
		fmt.Fprintf(&b, ", %d hit points at most.", c.MaxHP)
		b.WriteString(carries(c.Inventory, false))
		lines = append(lines, b.String())
	}
	return strings.Join(lines, "\n")
}

// partyNow is how the party stands now, for the part of the prompt that
// changes every turn, told only where it is news to the narrator: who is
// hurt and how badly (in words: the guard refuses a hit point told in
// numbers, and the roster above gives each one's most), who is dying,
// stable or dead, conditions, effects, concentration, who is absent or
// offline, and the actor's spell slots on a turn that casts a spell. A
// character unhurt, present and under nothing is not named; a party of
// such is one line.
func partyNow(cs []campaign.Character, effects map[string][]string, actor campaign.Character, result string) string {
	casts := actor.ID != "" && strings.Contains(result, oneLine(actor.Name)+" casts ")
	var lines []string
	for _, c := range cs {
		var b strings.Builder
		health(&b, c)
		afflictions(&b, c, effects[c.ID])
		if s := slots(c.SpellSlots); s != "" && casts && c.ID == actor.ID {
			b.WriteString(" Spell slots left: " + s + ".")
		}
		present := c.Presence == "" || c.Presence == campaign.Present
		if b.Len() == 0 && present {
			continue
		}
		line := oneLine(c.Name)
		if !present {
			line += " (" + string(c.Presence) + ")"
		}
		if b.Len() == 0 {
			b.WriteString(" unhurt.")
		}
		lines = append(lines, line+":"+b.String())
	}
	switch {
	case len(lines) == 0:
		return "The party now: all unhurt and present."
	case len(lines) < len(cs):
		lines = append(lines, "The others: unhurt and present.")
	}
	return "The party now:\n" + strings.Join(lines, "\n")
}

// health is how hurt a character is, in words, as " badly wounded.";
// nothing for one unhurt.
func health(b *strings.Builder, c campaign.Character) {
	switch {
	case c.IsDead():
		b.WriteString(" dead.")
	case c.HP <= 0 && c.Stable:
		b.WriteString(" unconscious and stable.")
	case c.HP <= 0 && c.MaxHP > 0:
		fmt.Fprintf(b, " dying, death saves: %s, %s.", count(c.DeathSaves.Successes, "success", "successes"),
			count(c.DeathSaves.Failures, "failure", "failures"))
	case c.HP >= c.MaxHP:
	case 2*c.HP >= c.MaxHP:
		b.WriteString(" wounded.")
	default:
		b.WriteString(" badly wounded.")
	}
	if c.TempHP > 0 && !c.IsDead() {
		b.WriteString(" Shielded by temporary hit points.")
	}
}

// narrateGuide follows the contract in LayoutCached: how to tell what the
// rules decided. It is the same for every campaign and every turn, so it
// costs a cache read a call, and it carries the stable prefix past the
// high tier's cacheable minimum on its own.
const narrateGuide = `How to tell what the rules decided:
A hit lands and does harm: show where it strikes and what it does to the one struck. A miss is turned aside, dodged, blocked by armour or shield, or flies wide. A critical hit is a telling, memorable blow. Tell harm by its effect on the body and on the fight, never by a number the rules result does not give.
A creature brought to 0 hit points falls. A monster so felled is dead or out of the fight, as the result says. A player character at 0 hit points is unconscious and dying, not dead, unless the result says dead; a death saving throw is a struggle at the edge of consciousness, a success a breath held, a failure a slipping away; a stable character lies still, breathing.
A saving throw is a creature resisting something: a success shrugs it off or takes less of it; a failure takes it in full.
A spell shows as what it does to the senses: light, sound, heat or cold, smell, the feel of the air, the words and gestures of its caster. Healing closes wounds and brings colour back.
A check tells what a character finds, notices, recalls or manages, as far as the result goes and no further. A failed check finds nothing, learns nothing or gets nowhere; it never adds a danger the result does not name.
Conditions are felt in the body: prone is down on the ground, grappled is held fast, restrained is bound, frightened is shaken and wants to flee, poisoned is sick, blinded sees nothing, paralyzed is rigid, stunned is reeling, charmed is friendly against its will, invisible is unseen, unconscious is senseless.
A monster's number, as in Goblin 2, is the engine's label to tell the foes apart: use it as written or describe the creature instead.

Non-player characters keep the names, looks, manners and ways of speaking they were given. Let them want things, remember what the party did to them, and answer in their own voice, briefly. A character marked absent or offline is elsewhere or silent: do not make them act.
A new place is shown through two or three details a character would notice first, one of them not seen: a sound, a smell, the temperature, a draught.
Keep to what the characters can perceive. Do not explain the rules, do not name game terms such as hit points, actions, saving throws or checks unless a player used the word, and do not address the players as players.
Keep the tone the campaign's world sets. Violence is told without lingering on gore; cruelty and horror are implied rather than shown in detail.
When the rules result holds several events, tell them in the order given.`
