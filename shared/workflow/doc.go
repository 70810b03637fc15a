// Package workflow is the reaction window of an interactive turn: after a
// dice roll, reactions such as Shield or Counterspell may answer before the
// outcome is final. One Amazon States Language definition (Definition)
// drives it, on Step Functions in the cloud (CDK passes it verbatim with
// DefinitionSubstitutions) and in infra/local/statemachine on one machine.
//
// The contract with the Lambdas: each receives a Request; PromptRoll and
// Window are .waitForTaskToken tasks, answered later through Client.Answer
// with the stored token; AutoRoll and CloseWindow answer synchronously.
// Every step yields an Outcome whose Next routes the machine. A stale or
// repeated answer is a fault.Conflict and changes nothing.
package workflow
