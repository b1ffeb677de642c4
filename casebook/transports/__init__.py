"""How the harness reaches an engine that is not in its process.

``rpc``        JSON-RPC 2.0 over a channel: framing, the handshake, requests in flight, faults by name
``client``     the driver protocol's calls as requests, moves sent as ``step``
``lookahead``  what a move's answer brought along (the next legal(), the state), kept for the looks after it
``process``    an engine's process: started in its own session, killed with everything it spawned (psutil)
``stdio``      the pipes: one message per line (``cmd:COMMAND``)
``websocket``  a connection: one message per text frame (``ws://``, ``wss://``)
``listen``     ``casebook serve --listen``: any implementation served over WebSocket
"""
