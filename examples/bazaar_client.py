# A Bazaar client for gamelab's xserver, Python 3 standard library only:
# python3 bazaar_client.py NAME [PORT [HOST]]. It always trades nothing and buys nothing.
import json, socket, sys

name = sys.argv[1]
port = int(sys.argv[2]) if len(sys.argv) > 2 else 45678
host = sys.argv[3] if len(sys.argv) > 3 else "127.0.0.1"
with socket.create_connection((host, port)) as server:
    server.sendall((json.dumps(name) + "\n").encode())
    for line in server.makefile(encoding="utf-8"):  # the server sends one call a line
        method, args = json.loads(line)
        if method in ("setup", "win"):
            reply = "void"
        elif method == "request-pebble-or-trades":
            reply = []  # no exchange (false would ask for a pebble)
        else:  # request-cards
            reply = []  # buy nothing
        server.sendall((json.dumps(reply) + "\n").encode())
