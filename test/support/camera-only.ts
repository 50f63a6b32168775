// The log a camera alone gives, from a full log: shots without declarations, and no decisions,
// operator fouls or warnings (nobody at a recording declares anything).
import type { LogLine } from '../../services/contract/log.ts';

export function cameraOnly(lines: readonly LogLine[]): LogLine[] {
  return lines.flatMap((l): LogLine[] => {
    if (l.kind === 'decision' || l.kind === 'foul' || l.kind === 'warning') return [];
    if (l.kind !== 'shot') return [l];
    const { declared: _declared, ...rest } = l;
    return [rest];
  });
}
