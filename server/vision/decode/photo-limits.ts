/** What an uploaded photo may be; the route and the decoder both read these. */
export const photoLimits = {
  maxBytes: 10 * 1024 * 1024,
  maxPixels: 40_000_000,
} as const;
