/** A one-line bar on stderr; where stderr is not a terminal, a line every 10%. */
export function createProgressBar(label: string, stream: NodeJS.WriteStream = process.stderr): (done: number, total: number) => void {
  const started = Date.now();
  let lastTenth = -1;
  return (done, total) => {
    const fraction = total > 0 ? done / total : 1;
    const elapsed = (Date.now() - started) / 1000;
    const eta = done > 0 ? (elapsed / done) * (total - done) : 0;
    const text = `${label} ${done}/${total} ${(fraction * 100).toFixed(0)}% ${elapsed.toFixed(0)}s elapsed${done < total && done > 0 ? `, ~${eta.toFixed(0)}s left` : ''}`;
    if (stream.isTTY) {
      const width = 28;
      const filled = Math.round(fraction * width);
      stream.write(`\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${text}\x1b[K${done >= total ? '\n' : ''}`);
      return;
    }
    const tenth = Math.floor(fraction * 10);
    if (tenth !== lastTenth) {
      lastTenth = tenth;
      stream.write(`${text}\n`);
    }
  };
}
