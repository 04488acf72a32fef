import { startServer } from './main';

await startServer();
