import { SignatureEffects } from "@site/core/signature/effects";
import { StreamHandler } from "../lib/streams";

/** A batch of the table's stream: every side effect of new and confirmed signatures (core/src/signature/effects.ts). */
export const handler = StreamHandler((records) => SignatureEffects.handleBatch(records));
