// `railbird judge <log.jsonl>`: the calls of the rules engine as JSON Lines on stdout.
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { judgeText } from '../rules/judge.ts';

export function registerJudge(program: Command): void {
  program
    .command('judge')
    .description('judge an event log (JSON Lines, "-" for stdin) and print the calls as JSON Lines')
    .argument('<log>', 'the event log, per shared/contracts/EVENTS.md')
    .action((log: string) => {
      let text: string;
      try {
        text = readFileSync(log === '-' ? 0 : log, 'utf8');
      } catch (e) {
        process.stderr.write(`railbird judge: cannot read ${log}: ${(e as Error).message}\n`);
        process.exitCode = 2;
        return;
      }
      const result = judgeText(text);
      process.stdout.write(result.calls.map((c) => JSON.stringify(c) + '\n').join(''));
      if (result.error) {
        process.stderr.write(`railbird judge: ${log}: ${result.error.message}\n`);
        process.exitCode = 2;
      }
    });
}
