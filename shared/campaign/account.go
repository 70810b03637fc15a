package campaign

import "time"

// Account is a player as the store knows them: that they exist, and which
// of their tokens still count. A token names the account's TokenVersion
// when it was issued; signing out everywhere bumps it, and every older
// token stops working at once.
type Account struct {
	ID           string    `json:"id"`
	Name         string    `json:"name"`
	TokenVersion int       `json:"token_version"`
	CreatedAt    time.Time `json:"created_at"`
	// Version is the stored revision (0: not stored yet).
	Version int64 `json:"-"`
}
