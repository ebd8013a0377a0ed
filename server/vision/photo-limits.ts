/** What an uploaded photo may be; the route and the decoder both read these. */
export const photoLimits = {
  maxBytes: 10 * 1024 * 1024,
  maxPixels: 40_000_000,
  /** The long side the photo is reduced to before the search: enough for the collector number. */
  workingSide: 800,
} as const;
