#!/usr/bin/env node
// The same engine, online: Casebook's protocol over WebSocket (JSON-RPC 2.0, one message per
// text frame), served with the `ws` package (npm install, then):
//
//   node online.js [PORT] [HOST]      PORT 0 (the default) takes a free port; HOST defaults to 127.0.0.1
//
// The first line printed is the address (ws://127.0.0.1:PORT/), for a script to read; SIGTERM stops it.
// engine.js answers each message exactly as it answers a line on stdin.
'use strict';

const { WebSocketServer } = require('ws');
const { answer, closeTable } = require('./engine.js');

const port = Number(process.argv[2] || 0);
const host = process.argv[3] || '127.0.0.1';  // loopback unless told otherwise
const MAX_MESSAGE = 16 * 1024 * 1024;  // bytes: a larger frame closes its connection (1009), as Casebook's server does

const server = new WebSocketServer({ host, port, maxPayload: MAX_MESSAGE, perMessageDeflate: false });

server.on('listening', () => {
  const { address, port: bound } = server.address();
  process.stdout.write(`ws://${address.includes(':') ? `[${address}]` : address}:${bound}/\n`);
});

server.on('connection', (ws) => {
  const opened = new Set();  // the tables this connection opened: closed when it ends
  ws.on('message', (data, isBinary) => {
    const message = isBinary
      ? { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'a request is a text frame' } }
      : answer(data.toString('utf8'));
    if (message === null) return;
    if (message.result && message.result.table !== undefined) opened.add(String(message.result.table));
    ws.send(JSON.stringify(message));
  });
  ws.on('error', () => {});  // a frame over the limit, a broken peer: ws closes the connection; the server serves on
  ws.on('close', () => opened.forEach(closeTable));
});

process.on('SIGTERM', () => {
  server.clients.forEach((ws) => ws.terminate());
  server.close(() => process.exit(0));
});
