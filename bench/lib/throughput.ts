// Requests per second of one address on this machine's loopback, bounded in time.
import autocannon from 'autocannon';

export type Throughput = { rps: number; p99Ms: number };

/** The headers a browser sends that change the answer (compressed HTML and assets). */
const BROWSER_HEADERS = {
  'accept-encoding': 'gzip, deflate, br',
  'accept-language': 'en-US,en;q=0.9',
  accept: 'text/html,*/*',
};

export async function measureThroughput(url: string, { seconds = 5, connections = 4 } = {}): Promise<Throughput> {
  if (!/^http:\/\/127\.0\.0\.1:\d+\//.test(url)) throw new Error(`load is only sent to 127.0.0.1, not ${url}`);
  await autocannon({ url, connections, duration: 1, headers: BROWSER_HEADERS }); // warm-up
  const result = await autocannon({ url, connections, duration: seconds, headers: BROWSER_HEADERS });
  if (result.errors || result.timeouts || result.non2xx) {
    throw new Error(`${url}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx answers`);
  }
  return { rps: result.requests.average, p99Ms: result.latency.p99 };
}
