// The part of autocannon 9's API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  interface AutocannonRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (request: AutocannonRequest, context: Record<string, unknown>) => AutocannonRequest;
  }
  interface AutocannonOptions {
    url: string;
    connections?: number;
    duration?: number;
    requests?: AutocannonRequest[];
  }
  interface AutocannonResult {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
  }
  interface AutocannonInstance extends PromiseLike<AutocannonResult> {
    on(
      event: 'response',
      listener: (client: unknown, statusCode: number, bytes: number, responseTime: number) => void,
    ): void;
    /** Ends the run early; the result then resolves. */
    stop(): void;
  }
  function autocannon(options: AutocannonOptions): AutocannonInstance;
  // biome-ignore lint/style/noDefaultExport: it declares autocannon's own default export.
  export default autocannon;
}
