export * as Faults from "./index";

export { FAULT_KINDS, BadFaultSpec, everyFault, formatFaults, parseFaults, type FaultRule, type FaultTarget } from "./spec";
export { activeFaults, faultFor, injectedCounts, useFaults } from "./injector";
export { faultScope, inFaultScope } from "./scope";
export { injectFaults } from "./sdk";
