// A progress bar on stderr (only when stderr is a terminal; otherwise a line every 10 %).
export function progressBar(label: string): { update: (done: number, total: number) => void; done: () => void } {
  const tty = process.stderr.isTTY === true;
  const start = Date.now();
  let lastPct = -1;
  return {
    update(done, total) {
      const pct = Math.floor((100 * done) / Math.max(1, total));
      if (pct === lastPct) return;
      lastPct = pct;
      const rate = done / Math.max(1e-3, (Date.now() - start) / 1000);
      if (tty) {
        const w = 30;
        const fill = Math.round((w * done) / Math.max(1, total));
        process.stderr.write(`\r${label} [${'#'.repeat(fill)}${'.'.repeat(w - fill)}] ${pct}% ${done}/${total} ${rate.toFixed(0)}/s`);
      } else if (pct % 10 === 0) {
        process.stderr.write(`${label}: ${pct}% (${done}/${total}, ${rate.toFixed(0)}/s)\n`);
      }
    },
    done() {
      if (tty) process.stderr.write('\n');
    },
  };
}
