package srdgen

import "encoding/json"

// The reference's shapes, reduced to the fields Chronicler takes facts from.
// Descriptions are decoded only where the generator checks a fact against
// them; they are never written out.

type refLink struct {
	Index string `json:"index"`
	Name  string `json:"name"`
	URL   string `json:"url"`
}

type refSpell struct {
	Index         string    `json:"index"`
	Name          string    `json:"name"`
	Desc          []string  `json:"desc"`
	HigherLevel   []string  `json:"higher_level"`
	Range         string    `json:"range"`
	Components    []string  `json:"components"`
	Ritual        bool      `json:"ritual"`
	Duration      string    `json:"duration"`
	Concentration bool      `json:"concentration"`
	CastingTime   string    `json:"casting_time"`
	Level         int       `json:"level"`
	AttackType    string    `json:"attack_type"`
	School        refLink   `json:"school"`
	Classes       []refLink `json:"classes"`
	Damage        *struct {
		DamageType *refLink       `json:"damage_type"`
		AtSlot     map[int]string `json:"damage_at_slot_level"`
		AtChar     map[int]string `json:"damage_at_character_level"`
	} `json:"damage"`
	Heal map[int]string `json:"heal_at_slot_level"`
	DC   *struct {
		Type    refLink `json:"dc_type"`
		Success string  `json:"dc_success"`
	} `json:"dc"`
	Area *struct {
		Type string `json:"type"`
		Size int    `json:"size"`
	} `json:"area_of_effect"`
}

type refMonster struct {
	Index         string                     `json:"index"`
	Name          string                     `json:"name"`
	Size          string                     `json:"size"`
	Type          string                     `json:"type"`
	Subtype       string                     `json:"subtype"`
	Alignment     string                     `json:"alignment"`
	ArmorClass    []refAC                    `json:"armor_class"`
	HitPoints     int                        `json:"hit_points"`
	HitDice       string                     `json:"hit_dice"`
	HitPointsRoll string                     `json:"hit_points_roll"`
	Speed         map[string]json.RawMessage `json:"speed"`
	Strength      int                        `json:"strength"`
	Dexterity     int                        `json:"dexterity"`
	Constitution  int                        `json:"constitution"`
	Intelligence  int                        `json:"intelligence"`
	Wisdom        int                        `json:"wisdom"`
	Charisma      int                        `json:"charisma"`
	Proficiencies []struct {
		Value       int     `json:"value"`
		Proficiency refLink `json:"proficiency"`
	} `json:"proficiencies"`
	DamageVulnerabilities []string                   `json:"damage_vulnerabilities"`
	DamageResistances     []string                   `json:"damage_resistances"`
	DamageImmunities      []string                   `json:"damage_immunities"`
	ConditionImmunities   []refLink                  `json:"condition_immunities"`
	Senses                map[string]json.RawMessage `json:"senses"`
	Languages             string                     `json:"languages"`
	ChallengeRating       float64                    `json:"challenge_rating"`
	ProficiencyBonus      int                        `json:"proficiency_bonus"`
	XP                    int                        `json:"xp"`
	SpecialAbilities      []refAction                `json:"special_abilities"`
	Actions               []refAction                `json:"actions"`
	Reactions             []refAction                `json:"reactions"`
	LegendaryActions      []refAction                `json:"legendary_actions"`
	Forms                 []refLink                  `json:"forms"`
}

// refAC is one way a stat block's armour class reads: "natural", "dex",
// "armor" (Armor lists what is worn), "spell" or "condition" (a value that
// holds only then: "15 with mage armor", "11 while prone").
type refAC struct {
	Type  string    `json:"type"`
	Value int       `json:"value"`
	Armor []refLink `json:"armor"`
	Desc  string    `json:"desc"`
}

type refAction struct {
	Name            string      `json:"name"`
	Desc            string      `json:"desc"`
	AttackBonus     *int        `json:"attack_bonus"`
	Damage          []refDamage `json:"damage"`
	DC              *refDC      `json:"dc"`
	Usage           *refUsage   `json:"usage"`
	MultiattackType string      `json:"multiattack_type"`
	Actions         []refMAItem `json:"actions"`
	ActionOptions   *struct {
		Choose int    `json:"choose"`
		Type   string `json:"type"`
		From   struct {
			Options []refMAItem `json:"options"`
		} `json:"from"`
	} `json:"action_options"`
	Options *struct {
		Choose int    `json:"choose"`
		Type   string `json:"type"`
		From   struct {
			Options []refAction `json:"options"`
		} `json:"from"`
	} `json:"options"`
	Attacks      []refAction      `json:"attacks"`
	Spellcasting *refSpellcasting `json:"spellcasting"`
}

// refMAItem is one entry of a multiattack: an action and its count, or (in
// action options) a set of them.
type refMAItem struct {
	OptionType string          `json:"option_type"`
	ActionName string          `json:"action_name"`
	Count      json.RawMessage `json:"count"`
	Items      []refMAItem     `json:"items"`
}

type refDamage struct {
	DamageType *refLink `json:"damage_type"`
	DamageDice string   `json:"damage_dice"`
	DC         *refDC   `json:"dc"`
	Notes      string   `json:"notes"`
	Choose     int      `json:"choose"`
	From       *struct {
		Options []refDamage `json:"options"`
	} `json:"from"`
}

type refDC struct {
	Type    refLink `json:"dc_type"`
	Value   int     `json:"dc_value"`
	Success string  `json:"success_type"`
}

type refUsage struct {
	Type      string   `json:"type"`
	Times     int      `json:"times"`
	Dice      string   `json:"dice"`
	MinValue  int      `json:"min_value"`
	RestTypes []string `json:"rest_types"`
}

type refSpellcasting struct {
	Level              int         `json:"level"`
	Ability            refLink     `json:"ability"`
	DC                 int         `json:"dc"`
	Modifier           int         `json:"modifier"`
	ComponentsRequired []string    `json:"components_required"`
	School             string      `json:"school"`
	Slots              map[int]int `json:"slots"`
	Spells             []struct {
		Name  string    `json:"name"`
		Level int       `json:"level"`
		URL   string    `json:"url"`
		Usage *refUsage `json:"usage"`
		Notes string    `json:"notes"`
	} `json:"spells"`
}

type refClass struct {
	Index              string    `json:"index"`
	Name               string    `json:"name"`
	HitDie             int       `json:"hit_die"`
	Proficiencies      []refLink `json:"proficiencies"`
	ProficiencyChoices []struct {
		Choose int `json:"choose"`
		From   struct {
			Options []struct {
				Item refLink `json:"item"`
			} `json:"options"`
		} `json:"from"`
	} `json:"proficiency_choices"`
	SavingThrows []refLink `json:"saving_throws"`
	Spellcasting *struct {
		Level   int     `json:"level"`
		Ability refLink `json:"spellcasting_ability"`
	} `json:"spellcasting"`
}

type refLevel struct {
	Level        int            `json:"level"`
	ProfBonus    int            `json:"prof_bonus"`
	ASIs         int            `json:"ability_score_bonuses"`
	Features     []refLink      `json:"features"`
	Spellcasting map[string]int `json:"spellcasting"`
	// ClassSpecific are the class's own counters at the level (rage_count,
	// ki_points, martial_arts: {dice_count, dice_value}, ...).
	ClassSpecific map[string]json.RawMessage `json:"class_specific"`
	Class         refLink                    `json:"class"`
	Subclass      *refLink                   `json:"subclass"`
}

type refProficiency struct {
	Index     string  `json:"index"`
	Type      string  `json:"type"`
	Reference refLink `json:"reference"`
}

type refBonus struct {
	AbilityScore refLink `json:"ability_score"`
	Bonus        int     `json:"bonus"`
}

type refRace struct {
	Index               string     `json:"index"`
	Name                string     `json:"name"`
	Speed               int        `json:"speed"`
	Size                string     `json:"size"`
	AbilityBonuses      []refBonus `json:"ability_bonuses"`
	AbilityBonusOptions *struct {
		Choose int `json:"choose"`
		From   struct {
			Options []refBonus `json:"options"`
		} `json:"from"`
	} `json:"ability_bonus_options"`
	Traits    []refLink `json:"traits"`
	Languages []refLink `json:"languages"`
	Subraces  []refLink `json:"subraces"`
}

type refSubrace struct {
	Index          string     `json:"index"`
	Name           string     `json:"name"`
	Race           refLink    `json:"race"`
	AbilityBonuses []refBonus `json:"ability_bonuses"`
	RacialTraits   []refLink  `json:"racial_traits"`
}

type refRange struct {
	Normal int `json:"normal"`
	Long   int `json:"long"`
}

type refEquipDamage struct {
	DamageDice string  `json:"damage_dice"`
	DamageType refLink `json:"damage_type"`
}

type refEquipment struct {
	Index             string  `json:"index"`
	Name              string  `json:"name"`
	EquipmentCategory refLink `json:"equipment_category"`
	WeaponCategory    string  `json:"weapon_category"`
	WeaponRange       string  `json:"weapon_range"`
	Cost              struct {
		Quantity int    `json:"quantity"`
		Unit     string `json:"unit"`
	} `json:"cost"`
	Damage          *refEquipDamage `json:"damage"`
	TwoHandedDamage *refEquipDamage `json:"two_handed_damage"`
	Range           *refRange       `json:"range"`
	ThrowRange      *refRange       `json:"throw_range"`
	Weight          float64         `json:"weight"`
	Properties      []refLink       `json:"properties"`
	ArmorCategory   string          `json:"armor_category"`
	ArmorClass      *struct {
		Base     int  `json:"base"`
		DexBonus bool `json:"dex_bonus"`
		MaxBonus int  `json:"max_bonus"`
	} `json:"armor_class"`
	StrMinimum          int  `json:"str_minimum"`
	StealthDisadvantage bool `json:"stealth_disadvantage"`
	// Adventuring gear and tools.
	GearCategory *refLink `json:"gear_category"`
	ToolCategory string   `json:"tool_category"`
	Quantity     int      `json:"quantity"` // sold in bundles of this many (20 arrows)
	Contents     []struct {
		Item     refLink `json:"item"`
		Quantity int     `json:"quantity"`
	} `json:"contents"`
}

// refMagicItem is a magic item: its header line ("Wand, rare (requires
// attunement by a spellcaster)") and its text are Desc's lines.
type refMagicItem struct {
	Index             string  `json:"index"`
	Name              string  `json:"name"`
	EquipmentCategory refLink `json:"equipment_category"`
	Rarity            struct {
		Name string `json:"name"`
	} `json:"rarity"`
	Variant  bool      `json:"variant"`
	Variants []refLink `json:"variants"`
	Desc     []string  `json:"desc"`
}
