/**
 * `npm run docs:operations`: writes docs/operations.md, the pre-campaign checklist, from the quota
 * file (stacks/aws-quotas.ts). A stacks test fails when the committed file differs from it.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { operationsDoc } from "../stacks/operations-doc";
import { repoRoot } from "./local/paths";

const file = join(repoRoot, "docs/operations.md");
writeFileSync(file, operationsDoc());
console.log(`wrote ${file}`);
