// Package world holds a campaign's places: areas, which areas each one leads
// to, and the one-hop moves between them. An area's reachable_area_ids are
// the authority; connections are derived from them for display and never
// stored as a second source of truth. Validate refuses a map the engine could
// not move characters around safely.
package world
