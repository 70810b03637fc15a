// The wire contract (shared/docs/protocol.md) as the client reads it. The
// server may add fields; the client ignores what it does not know.

import type { TableCost } from "./cost";

export type Presence = "present" | "absent" | "offline";
export type CampaignStatus = "active" | "paused" | "concluded" | "abandoned";
export type DiceMode = "interactive" | "automatic" | "hybrid";

export interface Settings {
  dice_mode: DiceMode;
  reaction_window_seconds: number;
  roll_timeout_seconds?: number;
  inactivity_days?: number;
  budget_usd_per_session?: number;
}

export interface Campaign {
  id: string;
  name: string;
  status: CampaignStatus;
  world_seed?: string;
  dm_persona?: string;
  settings: Settings;
  owner_id: string;
  created_at?: string;
  last_played_at: string;
  /** beyond protocol.md: the owner's own stat blocks, by id */
  homebrew?: { monsters?: Record<string, { id: string; name: string; cr?: number } & Record<string, unknown>> };
}

export interface CampaignSummary {
  id: string;
  name: string;
  status: CampaignStatus;
  last_played_at: string;
}

export interface Slot { max: number; used: number }

export interface Abilities { str: number; dex: number; con: number; int: number; wis: number; cha: number }

export interface Character {
  id: string;
  player_id: string;
  name: string;
  race: string;
  class: string;
  level: number;
  xp: number;
  abilities: Abilities;
  hp: number;
  max_hp: number;
  temp_hp: number;
  ac: number;
  speed: number;
  conditions: string[] | null;
  exhaustion?: number;
  /** beyond protocol.md: the hit point maximum a life drain took, until a long rest; max_hp counts it off only in a fight */
  drained?: number;
  /** beyond protocol.md: the curses and diseases a monster's hit left, until a spell ends them; what they took of the maximum is off max_hp only in a fight */
  afflictions?: Affliction[] | null;
  concentration: string | null;
  spell_slots: Record<string, Slot> | null;
  hit_dice: { max: number; used: number };
  death_saves: { successes: number; failures: number };
  /** beyond protocol.md: at 0 HP and stable, no more death saves */
  stable?: boolean;
  /** beyond protocol.md: dead, until a spell brings them back */
  dead?: boolean;
  /** beyond protocol.md: the XP has reached a new level; a level_up intent takes it */
  level_up?: boolean;
  inventory: InventoryItem[] | null;
  /** beyond protocol.md: the spells' lasting effects, each until a game time */
  effects?: LastingEffect[] | null;
  /** beyond protocol.md: the game time a stable character comes to */
  wakes_at?: number;
  /** beyond protocol.md: the class skills chosen, the subclass, and what its features asked the player to choose, by choice id */
  skills?: string[] | null;
  subclass?: string;
  choices?: Record<string, string[]> | null;
  /** beyond protocol.md's version 2: the player's standing orders for its reactions (POST .../orders) */
  orders?: Order[] | null;
  /** beyond protocol.md: its class features and racial traits, with the uses left */
  features?: FeatureView[] | null;
  area_id: string;
  presence: Presence;
}

/**
 * FeatureView is one class feature or racial trait as the sheet lists it
 * (campaign.FeatureView): use says how it is used ("" always on, "action",
 * "bonus_action", "free", "reaction", "on_hit", "rest"); left is what its
 * resource has left (absent without one); told, that the narrator tells it
 * rather than the rules playing it.
 */
/** Order is a standing order (campaign.Order): what a reaction does when its player is not there to answer. */
export interface Order {
  reaction: string;
  when: "always" | "never" | "changes";
  min_left?: number;
  keep_last?: boolean;
}

export interface FeatureView {
  id: string;
  name: string;
  use?: string;
  summary?: string;
  resource?: string;
  cost?: number;
  left?: number | null;
  told?: boolean;
}

/** LastingEffect is a spell's effect on a sheet (campaign.Effect); until is game seconds, absent for until dispelled. */
export interface LastingEffect {
  id: string;
  spell: string;
  caster_id: string;
  ac?: number;
  max_hp?: number;
  speed?: number;
  condition?: string;
  concentration?: boolean;
  note?: string;
  until?: number;
}

export interface Participant {
  id: string;
  name: string;
  kind: "character" | "monster";
  character_id?: string;
  srd_id?: string;
  hp: number;
  max_hp: number;
  temp_hp?: number;
  ac: number;
  conditions: string[] | null;
  initiative: number;
  reaction_used: boolean;
  defeated?: boolean;
  /** beyond protocol.md: the participants of the other side in melee with it */
  engaged?: string[] | null;
  /** what it has used of its current (or last) turn */
  turn?: { action_used?: boolean; bonus_action_used?: boolean; disengaged?: boolean };
  /** a character's class and racial resources as the fight spends them, by resource id */
  pools?: Record<string, Slot> | null;
  /** a druid's Wild Shape: the beast whose shape it has */
  form?: { beast: string } | null;
  /** the participant as the rules see it: in a fight, a character's live
   * death saves, slots (index = level - 1) and concentration are here,
   * not on the sheet */
  combatant?: Combatant;
}

export interface Combatant {
  spell_slots?: Slot[] | null;
  death_saves?: { successes: number; failures: number };
  stable?: boolean;
  dead?: boolean;
  concentration?: string;
  drained?: number;
  afflictions?: Affliction[] | null;
}

/** beyond protocol.md: a curse, disease or lowered maximum a monster's hit left on a character (campaign.Affliction). */
export interface Affliction {
  name: string;
  /** which spell ends it: a curse Remove Curse or Greater Restoration, a disease Lesser Restoration, a reduction Greater Restoration */
  kind: string;
  /** the monster whose hit left it (an SRD or homebrew id) */
  from?: string;
  /** "all": no hit points regained; "nonmagical": only magic heals */
  no_healing?: string;
  /** the roll the hit point maximum loses every 24 hours */
  daily?: string;
  /** the hit point maximum it has taken so far */
  reduced?: number;
}

export interface Encounter {
  id: string;
  status: "active" | "ended";
  round: number;
  order: string[];
  current: string;
  participants: Participant[];
  /** beyond protocol.md: how it ended: victory, defeat or fled by itself, or the owner's */
  outcome?: string;
  /** beyond protocol.md: leave, prisoners or fight_to_the_death */
  on_defeat?: string;
  /** beyond protocol.md: each survivor's share of the XP, once ended */
  xp_each?: number;
  /** beyond protocol.md: what holds each participant (a spell, a hit's
   * condition, a swallow, an area), each with why and until when */
  effects?: FightEffect[] | null;
}

/** FightEffect is a lasting effect in a fight (encounter.Effect). */
export interface FightEffect {
  id: string;
  spell: string;
  caster_id: string;
  target_id: string;
  condition?: string;
  note?: string;
  ends?: string;
}

export interface Scene {
  location: string;
  time?: string;
  weather?: string;
  npcs?: string[] | null;
}

export interface Area {
  id: string;
  name: string;
  parent_area_id?: string;
  reachable_area_ids: string[] | null;
  description?: string;
}

export interface WorldMap { areas: Record<string, Area> }

export interface CampaignState {
  turn_count: number;
  /** beyond protocol.md: the game clock, seconds since the campaign began */
  clock?: number;
  scene: Scene;
  map?: WorldMap | null;
  cost?: { session_id?: string; usd: number; turns: number; campaign_usd: number };
}

export interface Member { player_id: string; name: string; role: "owner" | "player" }

export interface CampaignView {
  campaign: Campaign;
  state: CampaignState;
  characters: Character[];
  members?: Member[];
  last_seq: number;
  session?: { session_id: string; ended_at?: string } | null;
  encounter?: Encounter | null;
  invite_code?: string;
  cost?: TableCost;
}

/** RollTerm is one term of a roll as rolled (dice.TermResult). */
export interface RollTerm {
  dice: string;
  rolls?: number[];
  kept?: number[];
  dropped?: number[];
  modifier?: number;
  subtotal: number;
}

export interface Roll {
  roll_id: string;
  reason?: string;
  dice: string;
  rolls: number[] | null;
  total: number;
  outcome?: string;
  /** beyond protocol.md: the terms as rolled and the roll's options */
  terms?: RollTerm[];
  advantage?: boolean;
  disadvantage?: boolean;
  critical?: boolean;
  /** beyond protocol.md: a check's or save's difficulty and whether it passed, when the server says */
  dc?: number;
  success?: boolean;
  /** beyond protocol.md's version 2: how the rules made the number ("why?") */
  working?: Working;
}

/** One number added to a roll and where it came from. */
export interface WorkingTerm {
  value: number;
  source: string;
  kind: string;
  /** added once the dice had fallen (a Bardic Inspiration die, Bless on an attack) */
  after?: boolean;
}

/** How the rules made a roll's number, recorded as they made it. */
export interface Working {
  rule: string;
  terms?: WorkingTerm[];
  advantage?: string[];
  disadvantage?: string[];
  dc?: { value: number; source: string; terms?: WorkingTerm[] };
  damage_type?: string;
  applied?: string[];
}

export interface Turn {
  turn_id: string;
  sequence: number;
  actor_id: string;
  actor_name: string;
  action: string;
  rolls: Roll[] | null;
  rules_result?: string;
  /** beyond protocol.md: the reactions applied during the turn, in order */
  reactions?: Applied[] | null;
  narration: string;
  /** beyond protocol.md: the narration was told plainly, the narrator being unavailable */
  degraded?: boolean;
  created_at: string;
}

/** beyond protocol.md: canon only the game master (and the narrator) knows */
export interface Secret { id: string; subject?: string; text: string; created_at: string }

/** A line (never shown) or a veil (off screen): the table's, or this player's own, private. */
export interface Limit { id: string; kind: "line" | "veil"; text: string; private?: boolean; mine?: boolean }
export interface SafetyView { lines: Limit[]; veils: Limit[]; pause?: { by: string; at: string } }

export interface ContextBlock { name: string; text: string; tokens: number; cached: boolean }

export interface TurnContext {
  blocks: ContextBlock[];
  total_tokens: number;
  model: string;
  cost_usd: number;
}

export type Intent =
  | { kind: "attack"; target_id: string; weapon?: string }
  | { kind: "cast"; spell: string; target_ids?: string[]; slot_level?: number; choice?: string }
  | { kind: "check"; ability: string; skill?: string }
  | { kind: "move"; to_area_id: string }
  | { kind: "use_item"; item: string }
  | { kind: "attune"; item: string; choice?: "end" }
  | { kind: "dodge" | "dash" | "disengage" | "help" | "end_turn" | "hide" | "second_wind"; bonus?: boolean }
  | { kind: "rest"; rest: "short" | "long" }
  | { kind: "level_up"; hp?: "fixed" | "roll"; increases?: Record<string, number>; subclass?: string; choices?: Record<string, string[]> }
  | { kind: "feature"; feature: string; target_id?: string; choice?: string; keep_turn?: boolean }
  | { kind: "say"; text: string };

export type ClientMessage =
  | { action: "resume"; request_id: string }
  | { action: "end_session"; request_id: string }
  | { action: "turn"; request_id: string; character_id: string; text?: string; intent?: Intent }
  | { action: "roll"; request_id: string; turn_id: string; roll_id: string }
  | { action: "react"; request_id: string; turn_id: string; character_id: string; reaction: string }
  | { action: "pause" | "unpause"; request_id: string }
  /** the owner takes back the last turn; a player asks the owner to; anyone withdraws its narration */
  | { action: "undo" | "ask_undo" | "xcard"; request_id: string; turn_id: string }
  /** limit (protocol v2): the most events the reply may carry, 1..200 */
  | { action: "sync"; request_id?: string; after_seq: number; limit?: number };

interface Head { campaign_id?: string; seq?: number }

export type ServerMessage = Head & (
  | { type: "session"; session_id: string; status: CampaignStatus; end_reason?: string; presence: Record<string, Presence> | null }
  | { type: "recap"; text: string; character_ids?: string[] }
  | { type: "turn.accepted"; turn_id: string; request_id: string; character_id: string }
  /** beyond protocol.md: a turn the table was told of was not saved */
  | { type: "turn.dropped"; turn_id: string; character_id?: string }
  | { type: "roll.requested"; turn_id: string; roll_id: string; character_id: string; dice: string; reason: string; options?: string[]; deadline: string }
  | { type: "roll.result"; turn_id: string; roll_id: string; reason?: string; dice: string; rolls: number[] | null; total: number; outcome?: string;
      terms?: RollTerm[]; advantage?: boolean; disadvantage?: boolean; critical?: boolean; dc?: number; success?: boolean; working?: Working }
  | { type: "reaction.window"; turn_id: string; roll_id?: string; trigger?: string; eligible: Eligible[]; closes_at: string }
  | { type: "reaction.received"; turn_id: string; character_id: string; reaction: string }
  | { type: "reaction.closed"; turn_id: string; applied: Applied[] | null }
  | { type: "reaction.ordered"; turn_id: string; character_id: string; reaction: string; order: Order; text: string }
  | { type: "narration.delta"; turn_id: string; text: string }
  | { type: "narration.done"; turn_id: string; text: string; suggestions: string[] | null; degraded?: boolean }
  | { type: "narration.slow"; turn_id: string; reason: string }
  | { type: "narration.thrift"; turn_id: string; step: "" | "shorter" | "low" | "offline"; scope?: string; spent_usd: number; budget_usd: number; text: string }
  | { type: "turn.committed"; turn_id: string; sequence: number; actor_id: string; rolls: Roll[] | null; characters: Character[] | null; encounter?: Encounter | null; scene: Scene; clock?: number; cost?: TableCost }
  /** the table's cost, as a session opens and when the owner sets a budget */
  | ({ type: "cost" } & TableCost)
  | { type: "encounter"; encounter: Encounter; characters?: Character[] | null }
  | { type: "turn.undone"; turn_id: string; sequence: number; turn_count: number; characters: Character[] | null; encounter?: Encounter | null; scene: Scene; clock?: number }
  | { type: "undo.requested"; turn_id: string; sequence: number; player_id: string; name: string }
  /** names nobody: the X-card is anonymous */
  | { type: "narration.withdrawn"; turn_id: string; sequence: number }
  | { type: "presence"; character_id: string; state: Presence }
  /** the table paused, or going on (held_seconds: how long it held) */
  | { type: "pause"; paused: boolean; by: string; at: string; held_seconds?: number }
  /** beyond protocol.md: a sheet new or changed outside a turn (a new character, what the owner gave) */
  | { type: "character"; character: Character; text?: string }
  | { type: "error"; request_id?: string; code: string; message: string; reason?: string }
  | { type: "sync.begin"; after_seq: number }
  /** more (protocol v2): the reply was one page; ask again after next_after_seq */
  | { type: "sync.done"; last_seq: number; more?: boolean; next_after_seq?: number }
);

export type MessageOf<T extends ServerMessage["type"]> = Extract<ServerMessage, { type: T }>;

/** One character a reaction window is open to. `offers` (this server's
 * addition) says of each reaction whether it would change the outcome. */
export interface Eligible {
  character_id: string;
  reactions: string[];
  offers?: { name: string; changes: "yes" | "no" | "unknown"; preview?: Preview }[];
}

/** Preview is what taking an offered reaction would change, as the rules work it out from the held roll. */
export interface Preview { text: string; effect: string }

/** The choices a new character of a class, race and level makes (GET /api/rules/choices). */
export interface RuleChoices { subclass: string; choices: ChoiceSpec[] | null }

/**
 * ChoiceSpec is one choice: count options in all, from options; by names
 * the features that ask it. An optional one may be left unmade (a
 * caster's spells: none chosen keeps its class's whole list).
 */
export interface ChoiceSpec { id: string; count: number; options: { id: string; name: string }[] | null; by?: string[] | null; optional?: boolean }

/** A reaction as the engine applied it. */
export interface Applied {
  character_id: string;
  reaction: string;
  text: string;
}

/** One stack a character carries. */
export interface InventoryItem {
  item: string;
  qty: number;
  /** beyond protocol.md: the SRD's name ("Longsword, +1"), the magic variant that enchants it, attunement, the uses or charges spent */
  name?: string;
  magic?: string;
  attuned?: boolean;
  used?: number;
  /** beyond protocol.md: what its magic item does for the character now ("+3 Str → 19", "fire resistance"), where it works */
  does?: string;
}
