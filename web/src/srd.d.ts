// The virtual module build.mjs makes from shared/srd/data.
declare module "srd" {
  /** [id, name, level (0 = cantrip), classes separated by spaces] */
  export const spells: [string, string, number, string][];
  /** [id, name, challenge rating] */
  export const monsters: [string, string, number][];
  /** class id -> [how many skills a new character chooses, the skill ids to choose from] */
  export const classSkills: Record<string, [number, string[]]>;
  /** armour id -> [category ("light", "medium", "heavy", "shield"), base AC, the most Dexterity it adds (0: none), the Strength it needs (0: none)] */
  export const armor: Record<string, [string, number, number, number]>;
  /** armour id -> its SRD name ("chain-mail" -> "Chain Mail") */
  export const armorNames: Record<string, string>;
  /** weapon id -> its SRD name ("crossbow-light" -> "Crossbow, light") */
  export const weapons: Record<string, string>;
  /** class id -> each level's [spell slots by spell level (0: none), 1 when it brings an ability score improvement] */
  export const classLevels: Record<string, [number[], number][]>;
  /** the SRD's beasts of CR 1 or below: [id, name, challenge rating, 1 if it flies, 1 if it swims] */
  export const beasts: [string, string, number, number, number][];
  /** a druid's Wild Shape at each level: [the highest CR, 1 if a swimming shape, 1 if a flying one] */
  export const wildShape: [number, number, number][];
  /** magic item id -> [its name, 1 if it needs attunement, its charges (0: none)] */
  export const magicItems: Record<string, [string, number, number]>;
}
