/**
 * Dispatched on window by the Scan screen for every analysed frame, so the app shell (which
 * registers the service worker after the first one) and tools such as bench:scan can follow the
 * engine without touching it or pulling in scanner code.
 */
export const frameEventName = 'card-lens:frame';
