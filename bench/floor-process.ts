import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT } from '../tests/fixtures/test-db';

export interface FloorProcess {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts a floor server (a script in bench/ that prints "floor listening on <port>") as its own
 * process, as the storefront runs in its own: the two are measured the same way in the same run.
 */
export async function startFloorProcess(script: string, args: string[] = []): Promise<FloorProcess> {
  const child = spawn(process.execPath, [path.join(ROOT, 'bench', script), ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
      const match = /floor listening on (\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', () => reject(new Error(`the floor server ${script} exited: ${output}`)));
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => stopChild(child) };
}

export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
