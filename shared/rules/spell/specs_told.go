package spell

// The narrative spells and why the rules leave them to the narrator: each
// works on something the engine does not keep (a place and its wards, an
// object, a plane, knowledge, a conversation, what a creature senses or
// believes). Their entries join specs in init; Coverage reports the
// reasons.
var toldSpecs = map[string]string{
	// Places, their wards and the way between them.
	"guards-and-wards":      "a stronghold's corridors fogged, doors locked, stairs webbed, for a day: a fight keeps no corridor, door or stair its foes stand on, so no web or fog can be put on them honestly",
	"private-sanctum":       "a place shut against sound, sight, scrying and teleporting for a day: the engine keeps no place's wards",
	"tiny-hut":              "a dome that keeps others and their spells out for 8 hours: the engine keeps no barrier between creatures, and no rest it plays is ever disturbed",
	"rope-trick":            "a rope up to a hidden space for eight, out of reach for an hour: a place out of the world is the narrator's",
	"demiplane":             "a door to an empty room on a plane of its own: places and planes are the narrator's",
	"magnificent-mansion":   "a mansion on a plane of its own, with a hundred servants, for a day: places and planes are the narrator's",
	"gate":                  "a portal to another plane, and a named creature drawn through it free to act as the DM decides: it takes neither side, and the fights know only two, so the engine can't call it in honestly; planes are the narrator's",
	"astral-projection":     "a journey of souls on the Astral Plane: planes are the narrator's",
	"teleportation-circle":  "a portal to a permanent circle whose sigils the caster knows: places are the narrator's",
	"passwall":              "a passage through a wall for an hour: the map's areas have no walls or doors, only the ways the author gave them",
	"control-weather":       "the weather for 5 miles moved stage by stage over hours: the engine keeps no weather",
	"hallucinatory-terrain": "terrain made to look like other terrain; the Investigation check to disbelieve comes only when a creature examines the land, which the engine keeps no shape of",
	"mirage-arcane":         "a square mile made to look and feel like other terrain for 10 days: the land is the narrator's",
	"move-earth":            "earth reshaped ten minutes at a time: the engine keeps no terrain's shape",

	// Objects.
	"arcane-lock":             "a door or chest locked by magic until dispelled: the map's areas have no doors or locks to hold shut",
	"knock":                   "a lock, a bar or an arcane lock opened: the map's areas have no doors or locks to open",
	"creation":                "an object of shadow-stuff that lasts hours at most: objects are the narrator's",
	"fabricate":               "raw materials made into a bridge, rope or clothes: objects are the narrator's",
	"mending":                 "a break or tear in an object repaired: objects are the narrator's",
	"stone-shape":             "stone formed into a shape: objects and walls are the narrator's",
	"floating-disk":           "a disk of force carrying 500 pounds after the caster: loads are the narrator's",
	"mage-hand":               "a spectral hand that handles 10 pounds and can't attack: objects are the narrator's",
	"instant-summons":         "a marked object called to hand from anywhere: objects and their whereabouts are the narrator's",
	"secret-chest":            "a chest hidden on the Ethereal Plane and called back: objects and planes are the narrator's",
	"create-food-and-water":   "food and water for fifteen for a day: provisions are the narrator's",
	"purify-food-and-drink":   "food and drink made free of poison and disease: provisions are the narrator's",
	"create-or-destroy-water": "water made or unmade by the gallon, or fog thinned in a cube: the engine keeps no water and no place in a fog",
	"druidcraft":              "a small trick of nature (a bloom, a breeze, a sign of the weather): the engine keeps no such detail",
	"prestidigitation":        "a small trick (sparks, a cleaned cloak, a warmed meal): the engine keeps no such detail",
	"thaumaturgy":             "a minor wonder (a booming voice, tremors, a door slammed): the engine keeps no such detail",

	// Knowledge and what magic reveals.
	"augury":                    "an omen of weal or woe on a plan: knowledge is the narrator's",
	"commune":                   "three yes-or-no answers from a deity: knowledge is the narrator's",
	"divination":                "a truthful answer about a goal within 7 days: knowledge is the narrator's",
	"legend-lore":               "the lore of a legendary person, place or thing: knowledge is the narrator's",
	"commune-with-nature":       "three facts about the land for miles around: the land's secrets are the narrator's",
	"find-traps":                "knowing that a trap is near, and its nature: traps are the narrator's",
	"locate-animals-or-plants":  "the way to the nearest beast or plant of a kind: where things are is the narrator's",
	"detect-evil-and-good":      "sensing fiends, undead and hallowed places within 30 feet: what is sensed is the narrator's",
	"detect-poison-and-disease": "sensing poisons and diseases within 30 feet: what is sensed is the narrator's",
	"arcanists-magic-aura":      "a false aura that fools divination: what magic reveals is the narrator's",

	// Senses from afar.
	"arcane-eye":    "an invisible eye the caster sees through: what is seen far off is the narrator's",
	"clairvoyance":  "a sensor the caster sees or hears through in a place it knows: a distant place is the narrator's",
	"scrying":       "seeing and hearing a creature, if it fails its save, or a place from afar: a distant place is the narrator's",
	"project-image": "an illusory double the caster sees and speaks through from afar: a distant place is the narrator's",

	// Speech and conversation.
	"sending":              "a message across any distance: speech is the narrator's",
	"message":              "a whisper to a creature within 120 feet, and its reply: speech is the narrator's",
	"animal-messenger":     "a beast carrying 25 words to a place days away: travel and speech are the narrator's",
	"magic-mouth":          "a message an object speaks when its trigger comes: speech is the narrator's",
	"telepathic-bond":      "eight minds linked to talk at any distance: speech is the narrator's",
	"tongues":              "understanding and being understood in any language: speech is the narrator's",
	"comprehend-languages": "understanding any speech or writing: language is the narrator's",
	"illusory-script":      "writing only chosen readers can read: writing is the narrator's",
	"speak-with-animals":   "talking with beasts: a conversation is the narrator's",
	"speak-with-dead":      "five questions to a corpse: a conversation is the narrator's",
	"speak-with-plants":    "talking with plants, and thickets grown or cleared: a conversation and terrain are the narrator's",

	// What creatures believe and how they look.
	"disguise-self":       "the caster looking like someone else; its Investigation check comes only from a creature spending its action to inspect, which no fight's policy chooses",
	"silent-image":        "a silent image; its Investigation check comes only from a creature spending its action to examine it, which no fight's policy chooses",
	"minor-illusion":      "a sound or a small image; its Investigation check comes only from a creature spending its action to examine it, which no fight's policy chooses",
	"major-image":         "an image with sound and smell; its Investigation check comes only from a creature spending its action to examine it, which no fight's policy chooses",
	"programmed-illusion": "an illusion that plays when its trigger comes; its Investigation check comes only from a creature spending its action to examine it, which no fight's policy chooses",

	// Bodies and souls over days.
	"gentle-repose": "a corpse kept from decay and undeath for 10 days: the engine keeps no time since a death",
	"magic-jar":     "the caster's soul in a gem, then in a humanoid it possesses: the host fights with its own stat block and the caster's mind, a swap of sides and sheets the engine does not keep",
	"sequester":     "a creature or object hidden and held out of time until a condition the caster names: the engine can't tell when words come true",
}

func init() {
	for id, why := range toldSpecs {
		if _, dup := specs[id]; dup {
			panic("spell: " + id + " is specified twice")
		}
		specs[id] = spec{why: why}
	}
}
