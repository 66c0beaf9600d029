// What the number search bench's page (page/main.ts) answers its driver (bench/number-search.ts):
// plain data, so it crosses page.evaluate as JSON.

/** One timed read: which kind, the searched text, how long, how many rows matched. */
export interface Timed {
  what: string;
  text: string;
  ms: number;
  matches: number;
}

/** Writing the same rows with one design's 'find' entries: time per table, entries, storage. */
export interface WriteCost {
  sheetMs: number;
  orderMs: number;
  entries: number;
  bytes: number;
}

export interface WriteFigures {
  rows: number;
  /** The product's entries (the number forwards and reversed). */
  product: WriteCost;
  /** The suffix design's (the number and every suffix). */
  suffixes: WriteCost;
}

export interface Figures {
  /** The product's screen read (first 50 rows and the total), sheets and orders, per text. */
  windows: Timed[];
  /** The texts that match most numbers, reported apart. */
  heavy: string[];
  /** The filter step alone, per text: the product's ranges and the suffix design's. */
  filterStep: Timed[];
  scans: Timed[];
  memory: Timed[];
  memoryBuildMs: number;
  memoryChars: number;
  memoryRows: number;
}

export interface NumberBench {
  fill(count: number): Promise<WriteFigures>;
  measure(rounds: number): Promise<Figures>;
}
