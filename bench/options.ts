/** The groups of `npm run bench`, in the order they run. */
export const GROUP_NAMES = [
  'lighthouse',
  'bytes',
  'offline',
  'save',
  'search',
  'gestures',
  'interactions',
  'hire-pricing',
  'moodboard',
  'load',
  'proxy',
  'reliability',
  'fuzz',
  'import',
  'availability',
  'mail',
  'team',
] as const;
export type GroupName = (typeof GROUP_NAMES)[number];

export interface BenchOptions {
  only?: GroupName[];
  quick?: boolean;
  build?: boolean;
  output?: string;
}

const isGroup = (name: string): name is GroupName => (GROUP_NAMES as readonly string[]).includes(name);

/** `--only a,b` (or `--only=a,b`), `--quick`, `--no-build`, `--output FILE`. */
export function parseArgs(argv: string[]): BenchOptions {
  const options: BenchOptions = { build: true };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--quick') options.quick = true;
    else if (arg === '--no-build') options.build = false;
    else if (arg === '--only' || arg.startsWith('--only=')) {
      const value = arg.includes('=') ? arg.slice('--only='.length) : (argv[++i] ?? '');
      const names = value.split(',').filter(Boolean);
      const unknown = names.find((name) => !isGroup(name));
      if (unknown) throw new Error(`Unknown group ${unknown}: ${GROUP_NAMES.join(', ')}`);
      options.only = names as GroupName[];
    } else if (arg === '--output') options.output = argv[++i];
    else throw new Error(`Unknown option ${arg}`);
  }
  return options;
}
