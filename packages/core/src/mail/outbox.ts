import { mkdir, readFile, readdir, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { sortableId } from "../util/id";
import type { Message } from "./message";

/**
 * A message as the local outbox stores it: one JSON file per message, named by a sortable id; what
 * SES would send (the brake's `network` and `released` are never sent), with who sent it and, for the
 * simulator's recipients, SES's mailbox simulator's outcome for each (mail/simulator.ts).
 */
export interface OutboxMessage extends Omit<Message, "network" | "released"> {
  id: string;
  at: string;
  from: string;
  outcomes?: Record<string, string>;
}

export async function writeToOutbox(dir: string, message: Omit<OutboxMessage, "id" | "at">): Promise<OutboxMessage> {
  await mkdir(dir, { recursive: true });
  const stored = { id: sortableId(), at: new Date().toISOString(), ...message };
  // written whole under another name, then renamed: a reader never lists a half-written message
  const path = join(dir, `${stored.id}.json`);
  await writeFile(`${path}.part`, JSON.stringify(stored, null, 2));
  await rename(`${path}.part`, path);
  return stored;
}

/** Newest first. */
export async function listOutbox(dir: string): Promise<OutboxMessage[]> {
  const files = (await readdir(dir).catch(() => [] as string[]))
    .filter((f) => f.endsWith(".json"))
    .sort()
    .reverse();
  return Promise.all(files.map(async (f) => JSON.parse(await readFile(join(dir, f), "utf8")) as OutboxMessage));
}

export async function readOutbox(dir: string, id: string): Promise<OutboxMessage | undefined> {
  if (!/^[0-9a-z]+$/.test(id)) return undefined;
  try {
    return JSON.parse(await readFile(join(dir, `${id}.json`), "utf8")) as OutboxMessage;
  } catch {
    return undefined;
  }
}
