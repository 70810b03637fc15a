package events

// Route is one route of the WebSocket API: API Gateway's route key (a
// client action, or one of the Route* keys) and the function that serves
// it.
type Route struct {
	Key      string
	Function string
}

// The route keys API Gateway gives what is no client action.
const (
	RouteConnect    = "$connect"
	RouteDisconnect = "$disconnect"
	RouteDefault    = "$default" // a message whose action no route names
)

// The functions that serve the WebSocket API: each is a folder of
// functions/ and a Lambda of the stack.
const (
	FunctionConnect    = "connect"
	FunctionDisconnect = "disconnect"
	FunctionResume     = "resume"
	FunctionTurn       = "turn"
	FunctionEndSession = "end_session"
	FunctionSync       = "sync"
	FunctionRoll       = "roll"
)

// Routes is the WebSocket API's one route table: the stack deploys it, the
// local gateway serves it, each function's main serves its own routes of
// it, and every client action in it has a use case.
func Routes() []Route {
	return []Route{
		{RouteConnect, FunctionConnect},
		{RouteDisconnect, FunctionDisconnect},
		// sync answers an unknown action with an error event.
		{RouteDefault, FunctionSync},
		{ActionResume, FunctionResume},
		{ActionTurn, FunctionTurn},
		// Taking a turn back changes the turns as a turn does; the
		// X-card's retelling is handed to the table's flow as a turn's.
		{ActionUndo, FunctionTurn},
		{ActionAskUndo, FunctionTurn},
		{ActionXCard, FunctionTurn},
		{ActionEndSession, FunctionEndSession},
		// The pause holds the session's table, as end_session closes it.
		{ActionPause, FunctionEndSession},
		{ActionUnpause, FunctionEndSession},
		{ActionSync, FunctionSync},
		// A roll or a reaction answers a held turn; the one that completes
		// it narrates and commits it, like a turn. They have a function of
		// their own: a held turn's answers come in bursts (every player of
		// a reaction window at once) and never start a turn.
		{ActionRoll, FunctionRoll},
		{ActionReact, FunctionRoll},
	}
}
