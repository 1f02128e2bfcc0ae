#!/usr/bin/env python3
"""Opens a page in headless Chromium and prints what a JavaScript expression evaluates to there,
awaiting it if it is a promise: for the smoke checks that need real time (Web Workers run outside
--dump-dom's virtual time). Standard library only: the DevTools protocol over a WebSocket.

    page_eval.py URL EXPRESSION [TIMEOUT_SECONDS]
"""
import base64
import json
import os
import socket
import subprocess
import sys
import tempfile
import time


def websocket(url):
    host_port, path = url[len("ws://"):].split("/", 1)
    host, port = host_port.split(":")
    sock = socket.create_connection((host, int(port)), 10)
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall((f"GET /{path} HTTP/1.1\r\nHost: {host_port}\r\nUpgrade: websocket\r\n"
                  f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
    answer = b""
    while b"\r\n\r\n" not in answer:
        answer += sock.recv(1)
    if b" 101 " not in answer.split(b"\r\n")[0]:
        raise SystemExit(f"page_eval: no WebSocket: {answer[:80]!r}")
    return sock


def send(sock, text):
    data = text.encode()
    head = bytes([0x81])
    if len(data) < 126:
        head += bytes([0x80 | len(data)])
    else:
        head += bytes([0x80 | 126]) + len(data).to_bytes(2, "big")
    mask = os.urandom(4)
    sock.sendall(head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data)))


def receive_exactly(sock, n):
    data = b""
    while len(data) < n:
        chunk = sock.recv(n - len(data))
        if not chunk:
            raise SystemExit("page_eval: the browser closed the connection")
        data += chunk
    return data


def receive(sock):
    first, second = receive_exactly(sock, 2)
    length = second & 0x7F
    if length == 126:
        length = int.from_bytes(receive_exactly(sock, 2), "big")
    elif length == 127:
        length = int.from_bytes(receive_exactly(sock, 8), "big")
    return receive_exactly(sock, length).decode(errors="replace")


def main():
    url, expression = sys.argv[1], sys.argv[2]
    timeout = float(sys.argv[3]) if len(sys.argv) > 3 else 60
    profile = tempfile.mkdtemp()
    browser = subprocess.Popen(
        ["chromium", "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
         "--no-first-run", "--remote-debugging-port=0", f"--user-data-dir={profile}", "about:blank"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        port_file = os.path.join(profile, "DevToolsActivePort")
        for _ in range(100):
            if os.path.exists(port_file) and open(port_file).read().count("\n") >= 1:
                break
            time.sleep(0.1)
        port = open(port_file).read().split("\n")[0]
        targets = json.loads(socket_get(int(port), "/json/list"))
        page = next(t for t in targets if t["type"] == "page")
        sock = websocket(page["webSocketDebuggerUrl"])
        sock.settimeout(timeout)
        ask(sock, 1, "Page.enable", {})
        ask(sock, 2, "Page.navigate", {"url": url})
        wait_for(sock, lambda m: m.get("method") == "Page.loadEventFired")
        reply = ask(sock, 3, "Runtime.evaluate",
                    {"expression": expression, "awaitPromise": True, "returnByValue": True})
        result = reply.get("result", {})
        if "exceptionDetails" in result:
            raise SystemExit(f"page_eval: {result['exceptionDetails'].get('text')}: "
                             f"{result['exceptionDetails'].get('exception', {}).get('description')}")
        print(result.get("result", {}).get("value"))
    finally:
        browser.kill()


def socket_get(port, path):
    sock = socket.create_connection(("127.0.0.1", port), 10)
    sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
    data = b""
    while b"\r\n\r\n" not in data:
        data += receive_exactly(sock, 1)
    head, body = data.split(b"\r\n\r\n", 1)
    length = next(int(line.split(b":")[1]) for line in head.split(b"\r\n")
                  if line.lower().startswith(b"content-length:"))
    return (body + receive_exactly(sock, length - len(body))).decode()


def ask(sock, number, method, params):
    send(sock, json.dumps({"id": number, "method": method, "params": params}))
    return wait_for(sock, lambda m: m.get("id") == number)


def wait_for(sock, wanted):
    while True:
        message = json.loads(receive(sock))
        if wanted(message):
            return message


if __name__ == "__main__":
    main()
