import { describe, expect, it } from "vitest";
import { dayEnd, dayStart } from "../src/analytics/calendar";
import { SALT_BYTES, SaltExpired, saltSource, type SaltStore, type StoredSalt } from "../src/analytics/salt";
import { visitorId } from "../src/analytics/visitor";

/** The table's behaviour in memory: a conditional put keeps the first salt of a day. */
function memoryStore() {
  const items = new Map<string, StoredSalt>();
  const calls = { get: 0, put: 0 };
  const store: SaltStore = {
    async get(day) {
      calls.get++;
      const s = items.get(day);
      return s && { ...s, salt: Buffer.from(s.salt) };
    },
    async putIfAbsent(salt) {
      calls.put++;
      if (items.has(salt.day)) return false;
      items.set(salt.day, { ...salt, salt: Buffer.from(salt.salt) });
      return true;
    },
    async delete(day) {
      items.delete(day);
    },
  };
  return { store, items, calls };
}

const IP = "203.0.113.77";
const UA = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const at = (day: string, hours: number) => new Date(dayStart(day).getTime() + hours * 3_600_000);

describe("visitor id", () => {
  const salt = Buffer.alloc(SALT_BYTES, 7);

  it("is 16 bytes of SHA-256 in base64url, the same for the same salt, IP and user agent", () => {
    const id = visitorId(salt, IP, UA);
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(visitorId(Buffer.alloc(SALT_BYTES, 7), IP, UA)).toBe(id);
  });

  it("differs with the IP, the user agent or the salt, and contains none of them", () => {
    const id = visitorId(salt, IP, UA);
    expect(visitorId(salt, "203.0.113.78", UA)).not.toBe(id);
    expect(visitorId(salt, IP, `${UA} `)).not.toBe(id);
    expect(visitorId(Buffer.alloc(SALT_BYTES, 8), IP, UA)).not.toBe(id);
    // the separator keeps IP and user agent apart: ("1.2.3.4", "5…") is not ("1.2.3.45", "…")
    expect(visitorId(salt, "1.2.3.4", "5 agent")).not.toBe(visitorId(salt, "1.2.3.45", " agent"));
    expect(id).not.toContain("203");
  });
});

describe("daily salt rotation", () => {
  it("makes one salt per New York day, stored once and reused from memory", async () => {
    const { store, items, calls } = memoryStore();
    const salts = saltSource(store);
    const a = await salts.forDay("2025-06-01", at("2025-06-01", 9));
    const b = await salts.forDay("2025-06-01", at("2025-06-01", 23.5));
    expect(a).toHaveLength(SALT_BYTES);
    expect(b.equals(a)).toBe(true);
    expect(calls).toEqual({ get: 1, put: 1 });
    expect(items.get("2025-06-01")!.validUntil).toBe(dayEnd("2025-06-01").toISOString());
  });

  it("gives a new day a new salt, so the same visitor gets a different id, and destroys the day before's", async () => {
    const { store, items } = memoryStore();
    const salts = saltSource(store);
    const monday = Buffer.from(await salts.forDay("2025-06-02", at("2025-06-02", 12)));
    const tuesday = await salts.forDay("2025-06-03", at("2025-06-03", 0.01));
    expect(tuesday.equals(monday)).toBe(false);
    expect(visitorId(tuesday, IP, UA)).not.toBe(visitorId(monday, IP, UA));
    expect([...items.keys()]).toEqual(["2025-06-03"]);
  });

  it("refuses a salt whose day is over, and wipes it from memory", async () => {
    const { store } = memoryStore();
    const salts = saltSource(store);
    const monday = await salts.forDay("2025-06-02", at("2025-06-02", 12));
    const kept = Buffer.from(monday);
    await expect(salts.forDay("2025-06-02", dayEnd("2025-06-02"))).rejects.toBeInstanceOf(SaltExpired);
    await expect(salts.forDay("2025-06-01", at("2025-06-02", 12))).rejects.toBeInstanceOf(SaltExpired);
    expect(monday.equals(Buffer.alloc(SALT_BYTES))).toBe(true);
    expect(kept.equals(Buffer.alloc(SALT_BYTES))).toBe(false);
  });

  it("refuses a stored salt past its end even if the store still has it (TTL is lazy)", async () => {
    const { store, items } = memoryStore();
    items.set("2025-06-02", { day: "2025-06-02", salt: Buffer.alloc(SALT_BYTES, 1), validUntil: at("2025-06-02", 1).toISOString() });
    await expect(saltSource(store).forDay("2025-06-02", at("2025-06-02", 2))).rejects.toBeInstanceOf(SaltExpired);
  });

  it("takes the winner's salt when another process made the day's salt first", async () => {
    const { store, items } = memoryStore();
    const winner = Buffer.alloc(SALT_BYTES, 9);
    const racing: SaltStore = {
      ...store,
      // the other process's put lands between our read (nothing yet) and our conditional put
      async putIfAbsent(salt) {
        items.set(salt.day, { ...salt, salt: winner });
        return false;
      },
    };
    expect((await saltSource(racing).forDay("2025-06-05", at("2025-06-05", 3))).equals(winner)).toBe(true);
  });

  it("shares one fetch among a process's concurrent first hits", async () => {
    const { store, calls } = memoryStore();
    const salts = saltSource(store);
    const all = await Promise.all(Array.from({ length: 20 }, () => salts.forDay("2025-06-06", at("2025-06-06", 5))));
    expect(new Set(all.map((s) => s.toString("hex"))).size).toBe(1);
    expect(calls).toEqual({ get: 1, put: 1 });
  });

  it("uses New York days: 11 p.m. in New York is still the same day after UTC midnight", async () => {
    const { store } = memoryStore();
    const salts = saltSource(store);
    const evening = await salts.forDay("2025-06-07", new Date("2025-06-08T02:30:00Z"));
    expect(evening.equals(await salts.forDay("2025-06-07", new Date("2025-06-08T03:59:59Z")))).toBe(true);
    await expect(salts.forDay("2025-06-07", new Date("2025-06-08T04:00:00Z"))).rejects.toBeInstanceOf(SaltExpired);
  });
});
