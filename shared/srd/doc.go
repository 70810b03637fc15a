// Package srd is the rules data the engine decides outcomes from (spells,
// monsters, classes, races, weapons, armor, conditions, magic items),
// generated as facts from the System Reference Document 5.1 and embedded,
// with a Book that lays a campaign's homebrew overrides over it. This work
// includes material taken from the System Reference Document 5.1 ("SRD
// 5.1") by Wizards of the Coast LLC, licensed under the Creative Commons
// Attribution 4.0 International License (CC-BY-4.0); see ATTRIBUTION.md.
package srd
