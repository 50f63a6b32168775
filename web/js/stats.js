// Per-player statistics from a match's calls: shots, pocketing %, breaks and break success,
// runouts, fouls by rule. Pure functions (also used to export JSON and CSV).

/** A visit: consecutive shots by one player. */
function visits(shots) {
  const out = [];
  for (const c of shots) {
    const last = out[out.length - 1];
    if (last && last.player === c.call.shooter && last.game === c.call.game) last.shots.push(c);
    else out.push({ player: c.call.shooter, game: c.call.game, shots: [c] });
  }
  return out;
}

export function computeStats(calls, players) {
  const shots = calls.filter((c) => c.call.input === 'shot' && !c.call.rejected);
  const per = Object.fromEntries(players.map((p) => [p, {
    player: p, shots: 0, pocketingShots: 0, pocketed: 0, breaks: 0, breakSuccess: 0, runouts: 0, gamesWon: 0, fouls: 0, foulsByRule: {}, safeties: 0, pushOuts: 0,
  }]));
  for (const c of calls) {
    const call = c.call;
    if (call.rejected) continue;
    const p = per[call.shooter];
    if (call.gameOver?.winner && per[call.gameOver.winner]) per[call.gameOver.winner].gamesWon += 1;
    if (!p) continue;
    const fouls = [...new Set(call.fouls.map((f) => f.rule))];
    if (fouls.length > 0 && (call.input === 'shot' || call.input === 'foul')) {
      p.fouls += 1;
      for (const r of fouls) p.foulsByRule[r] = (p.foulsByRule[r] ?? 0) + 1;
    }
    if (call.input !== 'shot') continue;
    const potted = call.pocketed.filter((b) => b !== 0).length;
    if (call.break) {
      p.breaks += 1;
      if (call.legal && potted > 0) p.breakSuccess += 1;
      continue;
    }
    if (call.pushOut) { p.pushOuts += 1; continue; }
    p.shots += 1;
    if (call.legal && potted > 0) { p.pocketingShots += 1; p.pocketed += potted; }
  }
  // A runout: a visit that ends the game with a win and in which every shot was legal and pocketed a ball.
  for (const v of visits(shots)) {
    const last = v.shots[v.shots.length - 1].call;
    const clean = v.shots.every((c) => c.call.legal && c.call.pocketed.some((b) => b !== 0));
    if (clean && last.gameOver?.winner === v.player && per[v.player]) per[v.player].runouts += 1;
  }
  for (const p of Object.values(per)) {
    p.pocketingPct = p.shots > 0 ? Math.round((100 * p.pocketingShots) / p.shots) : null;
    p.breakPct = p.breaks > 0 ? Math.round((100 * p.breakSuccess) / p.breaks) : null;
  }
  return per;
}

const csvCell = (v) => {
  const s = v === null || v === undefined ? '' : String(v);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** One CSV row per call. */
export function callsCsv(calls) {
  const head = ['seq', 'line', 't', 'input', 'shooter', 'game', 'legal', 'fouls', 'pocketed', 'next_player', 'ball_in_hand', 'headline', 'confidence', 'origin'];
  const rows = calls.map((c) => [
    c.call.seq, c.call.line, c.call.t, c.call.input, c.call.shooter, c.call.game, c.call.legal,
    c.call.fouls.map((f) => f.rule).join(' '), c.call.pocketed.join(' '), c.call.next.player, c.call.next.ballInHand,
    c.words.headline, c.confidence.value, c.origin,
  ]);
  return [head, ...rows].map((r) => r.map(csvCell).join(',')).join('\n') + '\n';
}

export function statsCsv(stats) {
  const head = ['player', 'shots', 'pocketing_pct', 'balls_pocketed', 'breaks', 'break_success_pct', 'runouts', 'games_won', 'fouls', 'fouls_by_rule'];
  const rows = Object.values(stats).map((p) => [p.player, p.shots, p.pocketingPct, p.pocketed, p.breaks, p.breakPct, p.runouts, p.gamesWon, p.fouls,
    Object.entries(p.foulsByRule).map(([r, n]) => `${r}:${n}`).join(' ')]);
  return [head, ...rows].map((r) => r.map(csvCell).join(',')).join('\n') + '\n';
}

export function download(name, text, type) {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([text], { type }));
  a.download = name;
  document.body.append(a);
  a.click();
  setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
}
