export interface Progress {
  update(done: number, detail?: string): void;
  finish(summary: string): void;
}

/** A one-line bar on a terminal; elsewhere (CI logs) a line per tenth of the work. */
export function createProgressBar(label: string, total: number | undefined, stream: NodeJS.WriteStream = process.stderr): Progress {
  const width = 30;
  let lastTenth = -1;
  return {
    update(done, detail = '') {
      const ratio = total ? Math.min(1, done / total) : 0;
      const counts = total ? `${done}/${total}` : `${done}`;
      if (stream.isTTY) {
        const filled = Math.round(ratio * width);
        const bar = total ? `[${'#'.repeat(filled)}${' '.repeat(width - filled)}] ` : '';
        stream.write(`\r${label} ${bar}${counts} ${detail}`.slice(0, (stream.columns || 120) - 1).padEnd((stream.columns || 120) - 1));
        return;
      }
      const tenth = Math.floor(ratio * 10);
      if (total && tenth === lastTenth) return;
      lastTenth = tenth;
      stream.write(`${label} ${counts} ${detail}\n`);
    },
    finish(summary) {
      stream.write(`${stream.isTTY ? '\r\x1b[K' : ''}${label} ${summary}\n`);
    },
  };
}
