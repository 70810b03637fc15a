package auth

// Player is who a request comes from, as its token says.
type Player struct {
	ID   string
	Name string
}

// Credentials are a player with their token and, for anonymous players,
// the code that restores the same identity on another device.
type Credentials struct {
	Player
	Token        string
	RecoveryCode string
}
