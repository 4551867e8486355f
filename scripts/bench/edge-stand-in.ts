import { edgeAnswer, type EdgeAnswer } from "@site/core/petition/edge-cache";

/**
 * The benchmarks' stand-in for CloudFront in front of one cacheable URL (deployed, the petition's
 * reads are answered at the edge: docs/architecture.md "Reads at the edge"): it keeps the origin's
 * last answer and serves it by the origin's own Cache-Control (`edgeAnswer`), with one origin
 * request at a time, as one cache behind Origin Shield asks. A failed origin request keeps the copy
 * (stale-if-error) when there is one. It counts what reached the origin.
 */
export interface OriginAnswer {
  status: number;
  body: string;
  cacheControl: string;
}

export interface EdgeResult extends OriginAnswer {
  answer: EdgeAnswer;
}

export class EdgeStandIn {
  /** every origin request: how long it took and its status (0: no answer) */
  readonly originRequests: { ms: number; status: number }[] = [];
  private copy?: OriginAnswer & { storedAt: number };
  private fetching?: Promise<OriginAnswer>;

  constructor(private readonly origin: () => Promise<OriginAnswer>) {}

  async get(now = performance.now()): Promise<EdgeResult> {
    const answer = this.copy ? edgeAnswer((now - this.copy.storedAt) / 1000, this.copy.cacheControl) : "from the origin";
    if (answer === "fresh") return { ...this.copy!, answer };
    if (answer === "stale, revalidating") {
      this.refresh().catch(() => {});
      return { ...this.copy!, answer };
    }
    try {
      const res = await this.refresh();
      return res.status >= 500 && this.copy ? { ...this.copy, answer } : { ...res, answer };
    } catch (err) {
      if (this.copy) return { ...this.copy, answer };
      throw err;
    }
  }

  private refresh(): Promise<OriginAnswer> {
    this.fetching ??= (async () => {
      const t0 = performance.now();
      try {
        const res = await this.origin();
        this.originRequests.push({ ms: performance.now() - t0, status: res.status });
        // only a successful answer is cached (CloudFront caches errors briefly; the pages' polls do not need it)
        if (res.status === 200) this.copy = { ...res, storedAt: performance.now() };
        return res;
      } catch (err) {
        this.originRequests.push({ ms: performance.now() - t0, status: 0 });
        throw err;
      } finally {
        this.fetching = undefined;
      }
    })();
    return this.fetching;
  }
}
