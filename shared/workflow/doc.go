// Package workflow is the reaction window of an interactive turn: after a
// dice roll, reactions such as Shield or Counterspell may answer before the
// outcome is final. One Amazon States Language definition (Definition)
// drives it, on Step Functions in the cloud (CDK passes it verbatim with
// DefinitionSubstitutions) and in infra/local/statemachine on one machine.
//
// The contract with the Lambdas: each receives a Request; PromptRoll and
// Window are .waitForTaskToken tasks, answered later with the stored token
// (shared/stepfunctions sends the answer); AutoRoll and CloseWindow answer
// synchronously. Every step yields an Outcome whose Next routes the
// machine. A stale or repeated answer is a fault.Conflict and changes
// nothing. The package is the contract only and links no AWS SDK.
package workflow
