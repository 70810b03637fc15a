package encounter

// legendaryAliases are the legendary actions that make one of the stat
// block's attacks under another name: "Tail Swipe. The aboleth makes one
// tail attack."; "Chomp (Costs 2 Actions). The tarrasque makes one bite
// attack or uses its Swallow." (the bite, whose hit swallows as ever).
var legendaryAliases = map[string]string{"tail swipe": "tail", "chomp": "bite"}

// legendaryAlias is the attack a legendary action named name (lower
// case, its cost left out) makes: its alias, or the name itself.
func legendaryAlias(name string) string {
	if a, ok := legendaryAliases[name]; ok {
		return a
	}
	return name
}
