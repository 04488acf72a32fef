/**
 * `npm run dev`: the app and the server rebuilt on every change (Vite's watch mode), and the server
 * restarted when its bundle changes. There is no hot reload: the server renders the pages, so a
 * change shows on the next reload. `npm run dev` builds once before this starts.
 */
import { type ChildProcess, spawn } from 'node:child_process';

const children: ChildProcess[] = [];
const start = (command: string, args: string[], env: NodeJS.ProcessEnv = process.env) => {
  const child = spawn(command, args, { stdio: 'inherit', env });
  children.push(child);
  return child;
};

start('npx', ['vite', 'build', '--watch', '--logLevel', 'warn']);
start('npx', ['vite', 'build', '--watch', '--config', 'server/vite.config.ts']);
start(process.execPath, ['--watch-path=dist-server', '--enable-source-maps', 'dist-server/index.js'], {
  ...process.env,
  NODE_ENV: process.env.NODE_ENV ?? 'development',
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
    process.exit(0);
  });
}
