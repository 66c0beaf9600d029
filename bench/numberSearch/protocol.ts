// What the number search bench's page (page/main.ts) answers its driver (bench/number-search.ts):
// plain data, so it crosses page.evaluate as JSON.

/** One timed read: which kind, the searched text, how long, how many rows matched. */
export interface Timed {
  what: string;
  text: string;
  ms: number;
  matches: number;
}

/** Writing the rows a feed page per transaction: the rows' share and the number column's. */
export interface WriteCost {
  sheetMs: number;
  orderMs: number;
  /** The number column's share of the same transactions. */
  columnMs: number;
  entries: number;
  bytes: number;
}

export interface WriteFigures {
  rows: number;
  product: WriteCost;
  /** The column's size: characters (UTF-16, two bytes each in memory) and buckets. */
  columnChars: number;
  columnBuckets: number;
}

export interface Figures {
  /** The product's screen read (first 50 rows and the total), sheets and orders, per text. */
  windows: Timed[];
  /** The texts that match most numbers, reported apart. */
  heavy: string[];
  /**
   * The filter step alone, per text: the earlier starts-or-ends ranges ('ends'), the column
   * ('column' = its read 'columnRead' + its indexOf 'columnScan').
   */
  filterStep: Timed[];
  scans: Timed[];
}

export interface NumberBench {
  fill(count: number): Promise<WriteFigures>;
  measure(rounds: number): Promise<Figures>;
}
