import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { join } from "node:path";
import { repoRoot } from "../local/paths";

export const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN);

/** Runs `task(i)` for i in [0, n) with at most `concurrency` at once; returns each call's latency (ms). */
export async function runPool(n: number, concurrency: number, task: (i: number) => Promise<void>, onProgress?: (done: number) => void) {
  const latencies: number[] = new Array(n);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < n) {
      const i = next++;
      const t0 = performance.now();
      await task(i);
      latencies[i] = performance.now() - t0;
      onProgress?.(++done);
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: Math.min(concurrency, n) }, worker));
  return { latencies: latencies.sort((a, b) => a - b), seconds: (performance.now() - t0) / 1000 };
}

/** A progress line that rewrites itself every 10 %. */
export function progress(label: string, total: number) {
  let shown = -1;
  return (done: number) => {
    const tenth = Math.floor((done / total) * 10);
    if (tenth !== shown) {
      shown = tenth;
      console.log(`  ${label}: ${done}/${total} (${tenth * 10}%)`);
    }
  };
}

/** "Run <when> on <cores and CPU>, Node <version>", the start of every benchmark's summary. */
export const runDescription = (at = new Date()) =>
  `Run ${at.toISOString()} on ${cpus().length} cores (${cpus()[0]?.model ?? "unknown CPU"}), Node ${process.version}`;

/** Replaces (or appends) the section `## <title>` of docs/benchmarks.md. */
export function recordSection(title: string, body: string) {
  const file = join(repoRoot, "docs/benchmarks.md");
  const current = existsSync(file) ? readFileSync(file, "utf8") : "# Benchmarks\n";
  const heading = `## ${title}`;
  const section = `${heading}\n\n${body.trim()}\n`;
  const start = current.indexOf(heading);
  let next: string;
  if (start === -1) next = `${current.trimEnd()}\n\n${section}`;
  else {
    const end = current.indexOf("\n## ", start + heading.length);
    next = current.slice(0, start) + section + (end === -1 ? "" : `\n${current.slice(end + 1)}`);
  }
  writeFileSync(file, next.endsWith("\n") ? next : `${next}\n`);
}
