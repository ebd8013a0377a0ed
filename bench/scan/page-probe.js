// Runs in the page before the app: records what bench:scan reports. Plain JavaScript, injected as is.
(() => {
  const figures = { longTasks: [], longTaskAt: [], detections: 0, inferenceMs: [], workMs: [], inputSizes: [], lastDetectionAt: null, longFrames: [], liveAt: null, readyAt: null, modelLoadedAt: null };
  window.scanFigures = figures;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (figures.modelLoadedAt !== null && entry.startTime > figures.modelLoadedAt) {
        figures.longTasks.push(entry.duration);
        figures.longTaskAt.push(entry.startTime);
      }
    }
  }).observe({ type: 'longtask', buffered: true });
  // What the long frames (over 50 ms by definition) spent their time on: each script's entry point and time, and the rendering.
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (figures.modelLoadedAt === null || entry.startTime <= figures.modelLoadedAt) continue;
      const end = entry.startTime + entry.duration;
      figures.longFrames.push({
        at: entry.startTime,
        ms: entry.duration,
        blockingMs: entry.blockingDuration,
        renderMs: entry.renderStart ? end - entry.renderStart : 0,
        styleAndLayoutMs: entry.styleAndLayoutStart ? end - entry.styleAndLayoutStart : 0,
        scripts: entry.scripts.map((script) => ({ invoker: script.invoker, fn: script.sourceFunctionName, source: `${script.sourceURL.split('/').pop()}:${script.sourceCharPosition}`, ms: Math.round(script.duration), forcedLayoutMs: Math.round(script.forcedStyleAndLayoutDuration) })),
      });
    }
  }).observe({ type: 'long-animation-frame', buffered: true });
  window.addEventListener('card-lens:frame', (event) => {
    figures.detections += 1;
    figures.inferenceMs.push(event.detail.timings.inference);
    figures.workMs.push(event.detail.timings.letterbox + event.detail.timings.inference);
    figures.inputSizes.push(event.detail.inputSize);
    if (figures.modelLoadedAt === null) {
      figures.modelLoadedAt = performance.now();
      // Where main-thread-cpu.ts starts counting in Chromium's trace.
      performance.mark('card-lens:first-result');
    }
    figures.lastDetectionAt = performance.now();
  });
  new MutationObserver(() => {
    const phase = document.querySelector('.camera-view')?.getAttribute('data-phase');
    if (phase === 'looking' && figures.liveAt === null) figures.liveAt = performance.now();
    if (phase === 'ready' && figures.readyAt === null) figures.readyAt = performance.now();
  }).observe(document, { subtree: true, attributes: true, childList: true, attributeFilter: ['data-phase'] });
})();
