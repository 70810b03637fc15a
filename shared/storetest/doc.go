// Package storetest is the contract every game.Store adapter must honour:
// one suite, Run, that the SQLite store and the DynamoDB store both pass, so
// the use cases behave the same on one machine and in the cloud. It asserts
// only what the game.Store comments promise, never an adapter's internals.
package storetest
