/** Samples a process's resident memory every `everyMs` until stopped: its peak and its last reading. */
export function sampleRss(read: () => number, everyMs: number): { stop(): { peakMb: number; lastMb: number } } {
  let peakMb = read();
  let lastMb = peakMb;
  const timer = setInterval(() => {
    lastMb = read();
    peakMb = Math.max(peakMb, lastMb);
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      lastMb = read();
      return { peakMb: Math.max(peakMb, lastMb), lastMb };
    },
  };
}
