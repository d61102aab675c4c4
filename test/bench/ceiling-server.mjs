// The ceiling: raw Node `http` answering a fixed 1.2 kB JSON body, in its own process (started by run.mjs)
// so it does not share an event loop with the load generator. What no framework can beat on this machine.
import http from 'node:http';

const rows = Array.from({ length: 12 }, (_, i) => ({
  item_id: String(1000 + i),
  item_name: `项目 ${i} docs`,
  item_description: 'ceiling',
  last_update_time: '1732550400',
}));
const body = Buffer.from(JSON.stringify({ error_code: 0, data: rows }).padEnd(1200, ' '));

const server = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
    res.end(body);
  });
});
server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => {
  process.send?.({ port: server.address().port, bytes: body.length });
});
process.on('disconnect', () => process.exit(0));
