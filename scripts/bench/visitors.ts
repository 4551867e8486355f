import { Agent, request } from "node:http";

/**
 * Many distinct visitors over HTTP without forging a header: each connects from its own loopback
 * address (on Linux all of 127.0.0.0/8 is loopback), so the local server, playing CloudFront, sees a
 * different client IP per visitor — as the per-IP rate limit and the location fields would deployed.
 */
export const visitorAddress = (i: number, pool = 4096) => {
  const n = (i % pool) + 1;
  return `127.${100 + ((n >> 16) & 127)}.${(n >> 8) & 255}.${n & 255}`;
};

const agents = new Map<string, Agent>();
const agentFor = (localAddress: string) => {
  let agent = agents.get(localAddress);
  if (!agent) agents.set(localAddress, (agent = new Agent({ keepAlive: true, localAddress } as ConstructorParameters<typeof Agent>[0])));
  return agent;
};

/** POSTs JSON from the visitor's own address; answers the status and body. */
export function postJson(url: string, body: string, from: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: "POST", agent: agentFor(from), headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body), ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
        res.on("error", reject);
      },
    );
    req.on("error", (err: NodeJS.ErrnoException) =>
      reject(err.code === "EADDRNOTAVAIL" ? new Error(`cannot connect from ${from}: this machine's loopback is not all of 127.0.0.0/8 (Linux has it)`) : err),
    );
    req.end(body);
  });
}

export function closeVisitors() {
  for (const agent of agents.values()) agent.destroy();
  agents.clear();
}
