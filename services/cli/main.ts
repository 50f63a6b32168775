// The `railbird` command line: one program, a subcommand per job.
import { Command, CommanderError } from 'commander';
import { registerAnalyze } from './analyze.ts';
import { registerEvents } from './events.ts';
import { registerIdentify } from './identify-command.ts';
import { registerJudge } from './judge.ts';
import { registerServe } from './serve.ts';
import { registerSimulate } from './simulate.ts';
import { registerCalibrate, registerDetect } from './vision-commands.ts';

export function buildProgram(): Command {
  const program = new Command('railbird')
    .description('Railbird: the camera-assisted pool referee')
    .exitOverride()
    .configureOutput({ writeErr: (s) => process.stderr.write(s), writeOut: (s) => process.stdout.write(s) });
  registerJudge(program);
  registerEvents(program);
  registerSimulate(program);
  registerCalibrate(program);
  registerDetect(program);
  registerIdentify(program);
  registerServe(program);
  registerAnalyze(program);
  return program;
}

export async function main(argv: string[]): Promise<number> {
  const program = buildProgram();
  try {
    await program.parseAsync(argv, { from: 'user' });
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (e) {
    if (e instanceof CommanderError) return e.exitCode === 0 ? 0 : 2;
    throw e;
  }
}
