// The load group's floor: a bare node:http server answering each body exactly as the storefront sent
// it (already gzipped), with nothing else to do. Started as its own process by bench/groups/load.ts;
// reads a JSON list of { path, file, headers } from argv[2] and prints the port it listens on.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const routes = new Map(
  JSON.parse(readFileSync(process.argv[2], 'utf8')).map((route) => [
    route.path,
    { body: readFileSync(route.file), headers: route.headers },
  ]),
);

const server = createServer((request, response) => {
  const route = routes.get(request.url);
  if (!route) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, { ...route.headers, 'content-length': route.body.length });
  response.end(route.body);
});
server.listen(0, '127.0.0.1', () => console.log(`floor listening on ${server.address().port}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
