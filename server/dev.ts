/**
 * `npm run dev`: the server with Vite inside it (server/dev-server.ts). A change under src/ is Vite's:
 * the open page updates in place (hot module replacement). A change under server/ restarts the
 * server, as the change may be anywhere in what it set up at start.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { watch } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
let child: ChildProcess | undefined;
let stopping = false;

function start() {
  child = spawn(process.execPath, ['--import', 'tsx', '--enable-source-maps', `${root}server/dev-server.ts`], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'development' },
  });
  const mine = child;
  mine.once('exit', (code, signal) => {
    if (mine === child && !stopping && !restarting) {
      console.log(`The dev server stopped (${signal ?? code}); it starts again on the next change under server/`);
    }
  });
}

let restarting = false;
let timer: NodeJS.Timeout | undefined;
async function restart(file: string) {
  if (restarting) return;
  restarting = true;
  console.log(`server/${file} changed: restarting the server`);
  const old = child;
  if (old && old.exitCode === null && old.signalCode === null) {
    const exited = new Promise((resolve) => old.once('exit', resolve));
    old.kill('SIGTERM');
    await exited;
  }
  restarting = false;
  start();
}

watch(`${root}server`, { recursive: true }, (_event, file) => {
  if (!file || !/\.(ts|tsx|sql|json)$/.test(file)) return;
  clearTimeout(timer);
  timer = setTimeout(() => void restart(String(file)), 150);
});
start();

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    stopping = true;
    child?.kill(signal);
    process.exit(0);
  });
}
