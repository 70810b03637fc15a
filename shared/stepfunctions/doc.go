// Package stepfunctions adapts AWS Step Functions to the game's Workflow:
// it starts a held turn's reaction flow (shared/workflow's definition) and
// answers or fails its waiting tasks, giving every error of the sfn API its
// fault kind. The same client talks to the cloud's state machine and to the
// local interpreter's endpoint on one machine.
package stepfunctions
