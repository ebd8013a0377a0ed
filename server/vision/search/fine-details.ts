/** What the finer comparison reads of a printing beyond its hashes: kept out of the in-memory index, read for the finalists. */
export interface FineDetails {
  thumbnail: Uint8Array;
  strip: Uint8Array;
  text: Uint8Array;
}

/** Where a photo's finalists' details are read from: the database, or the main thread for a pool worker. */
export interface FineDetailsSource {
  fineDetails(printingIds: string[]): Promise<Map<string, FineDetails>>;
}
