/**
 * One scrape for every worker (`API_WORKERS` > 1): the workers share the port, so a scrape of
 * `GET /metrics` reaches one of them, which asks the cluster's primary for the metrics of all. The
 * primary gathers each worker's registry with prom-client's `AggregatorRegistry` (its cluster
 * support: counters and histograms summed, each metric by its `aggregator`), and sends the text back
 * to the worker that asked, which answers the scrape; the token is checked there as without workers.
 */
import cluster from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';

const SCRAPE = 'botica:metrics-scrape';
const SCRAPED = 'botica:metrics-scraped';
/** How long a worker waits for the primary's answer (prom-client waits 5 s for the workers'). */
const SCRAPE_TIMEOUT_MS = 10_000;

interface ScrapeRequest {
  type: typeof SCRAPE;
  id: number;
}

interface ScrapeAnswer {
  type: typeof SCRAPED;
  id: number;
  text?: string;
  error?: string;
}

/** In the primary: answers the workers' scrape requests with every worker's metrics, aggregated. */
export function aggregateWorkerMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: Partial<ScrapeRequest>) => {
    if (message?.type !== SCRAPE || typeof message.id !== 'number') return;
    const id = message.id;
    aggregator.clusterMetrics().then(
      (text) => worker.isConnected() && worker.send({ type: SCRAPED, id, text } satisfies ScrapeAnswer),
      (error: unknown) =>
        worker.isConnected() &&
        worker.send({
          type: SCRAPED,
          id,
          error: error instanceof Error ? error.message : String(error),
        } satisfies ScrapeAnswer),
    );
  });
}

/**
 * In a worker: gives the primary this registry when it gathers, and returns the scrape, which asks
 * the primary for all the workers' metrics.
 */
export function clusterScrape(registry: Registry): () => Promise<string> {
  AggregatorRegistry.setRegistries([registry]);
  // Constructing it makes prom-client answer the primary's requests for this worker's metrics.
  new AggregatorRegistry();
  let next = 0;
  const waiting = new Map<number, { resolve: (text: string) => void; reject: (error: Error) => void }>();
  process.on('message', (message: Partial<ScrapeAnswer>) => {
    if (message?.type !== SCRAPED || typeof message.id !== 'number') return;
    const request = waiting.get(message.id);
    if (!request) return;
    waiting.delete(message.id);
    if (typeof message.text === 'string') request.resolve(message.text);
    else request.reject(new Error(`the cluster's metrics: ${message.error ?? 'no answer'}`));
  });
  return () =>
    new Promise<string>((resolve, reject) => {
      next += 1;
      const id = next;
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error("the cluster's metrics: the primary did not answer in time"));
      }, SCRAPE_TIMEOUT_MS);
      waiting.set(id, {
        resolve: (text) => {
          clearTimeout(timer);
          resolve(text);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      process.send?.({ type: SCRAPE, id } satisfies ScrapeRequest);
    });
}
