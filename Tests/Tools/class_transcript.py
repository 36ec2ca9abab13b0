#!/usr/bin/env python3
"""A scripted class against a wordgame-server binary, every line each client got written down.

Run it against two builds and compare the outputs byte for byte: a change that should not change the wire
(a refactoring) shows as no difference. Only what time and chance make differ between runs is masked:
times in milliseconds and seconds, resume codes, the ports.

  python3 Tests/Tools/class_transcript.py .build/release/wordgame-server > new.txt
  python3 Tests/Tools/class_transcript.py /path/to/old/.build/release/wordgame-server > old.txt
  cmp old.txt new.txt

The class: Ana makes the room with JOIN and hosts it, and plays over TCP in machine mode with Bo; Cy plays at nc
(human mode), Di in a browser's place (a WebSocket); the teacher follows with WATCH; Bo drops in pair 2 and takes his seat back with RESUME; Cy
sends a bad line and a line too long; Di quits after pair 3; four pairs, 5 s each. Every step waits until
nothing has arrived for a moment, so each run sends the same lines in the same order. 127.0.0.1 only.
"""
import base64, os, re, select, socket, subprocess, sys, time

QUIET_S = 0.35


class Client:
    def __init__(self, name, port, web=False):
        self.name, self.web = name, web
        self.sock = socket.create_connection(("127.0.0.1", port))
        self.buffer = b""
        self.lines = []
        if web:
            key = base64.b64encode(os.urandom(16)).decode()
            self.sock.sendall((f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                               f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
                               f"Sec-WebSocket-Protocol: wordgame.2\r\n\r\n").encode())
            while b"\r\n\r\n" not in self.buffer:
                self.buffer += self.sock.recv(4096)
            head, self.buffer = self.buffer.split(b"\r\n\r\n", 1)
            assert head.startswith(b"HTTP/1.1 101"), head

    def send(self, line):
        data = line.encode()
        if not self.web:
            self.sock.sendall(data + b"\n")
            return
        mask = os.urandom(4)
        header = bytes([0x81, 0x80 | len(data)]) if len(data) < 126 else bytes([0x81, 0xFE]) + len(data).to_bytes(2, "big")
        self.sock.sendall(header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data)))

    def take(self):
        """Reads what is there; returns whether anything came."""
        try:
            chunk = self.sock.recv(65536)
        except OSError:
            chunk = b""
        if not chunk:
            return False
        self.buffer += chunk
        if self.web:
            while len(self.buffer) >= 2:
                length, start = self.buffer[1] & 0x7F, 2
                if length == 126:
                    length, start = int.from_bytes(self.buffer[2:4], "big"), 4
                if len(self.buffer) < start + length:
                    break
                opcode, payload = self.buffer[0] & 0x0F, self.buffer[start:start + length]
                self.buffer = self.buffer[start + length:]
                self.lines.append(payload.decode() if opcode == 1 else f"<frame {opcode}>")
        else:
            *done, self.buffer = self.buffer.split(b"\n")
            self.lines += [line.decode() for line in done]
        return True


def settle(clients):
    """Reads until no client has got anything for QUIET_S."""
    last = time.monotonic()
    while True:
        if time.monotonic() - last >= QUIET_S:
            return
        ready, _, _ = select.select([c.sock for c in clients if c.sock.fileno() >= 0], [], [], 0.05)
        for c in clients:
            if c.sock in ready and c.take():
                last = time.monotonic()
            elif c.sock in ready:
                c.sock.close()


def wait_for(client, clients, pattern, timeout=10):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for line in client.lines:
            match = re.search(pattern, line)
            if match:
                return match
        settle(clients)
    sys.exit(f"{client.name} never got {pattern!r}: {client.lines[-5:]}")


def resume(bo, port, clients, secrets):
    """Bo's connection drops; a new one takes his seat back with the code his TOKEN gave."""
    token = [line for line in bo.lines if line.startswith("TOKEN ")][-1].split()[1]
    secrets[token] = "<token>"
    bo.sock.close()
    clients.remove(bo)
    settle(clients)
    again = Client("Bo again", port)
    clients.append(again)
    settle(clients)
    again.send("MODE MACHINE")
    again.send(f"RESUME {token}")
    settle(clients)
    again.lines = bo.lines + ["----- (the connection dropped; a new one:)"] + again.lines
    return again


def mask(line, secrets):
    for secret, name in secrets.items():
        line = line.replace(secret, name)
    line = re.sub(r"^(TOP|GAMEOVER)( .*) \d+$", r"\1\2 <ms>", line)
    line = re.sub(r"^(RANKING .*) \d+ (\d+)$", r"\1 <ms> \2", line)
    line = re.sub(r"^(ROUND .*) (?!5000$)\d+$", r"\1 <ms left>", line)
    line = re.sub(r"\b(RESUME|code is) [A-Z0-9]{8}\b", r"\1 <token>", line)
    line = re.sub(r"\b\d+(\.\d+)? s\b", "<s> s", line)
    line = re.sub(r"\b\d+ ms\b", "<ms> ms", line)
    return line


def main():
    binary = sys.argv[1]
    server = subprocess.Popen([binary, "--bind", "127.0.0.1", "--port", "0", "--web-port", "0", "--seed", "1", "--pairs", "4",
                               "--round-ms", "5000", "--start-delay", "0", "--no-results", "--no-state", "--quiet"],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        banner = ""
        while "web port" not in banner:
            banner += server.stdout.readline()
        port = int(re.search(r"port (\d+)", banner).group(1))
        web_port = int(re.search(r"web port (\d+)", banner).group(1))
        teacher, ana, bo, cy = (Client(n, port) for n in ("teacher", "Ana", "Bo", "Cy"))
        di = Client("Di", web_port, web=True)
        clients = [teacher, ana, bo, cy, di]
        settle(clients)
        for c in (teacher, ana, bo):
            c.send("MODE MACHINE")
        # A room of a fixed name (a hosted room's code is drawn at random, and the seed deals a room's pairs
        # from its name): Ana makes it with JOIN, so she hosts; the teacher follows it with WATCH.
        room = "class1"
        secrets = {}
        for c in (ana, bo, cy, di):
            c.send(f"NAME {c.name}")
            settle(clients)
            c.send(f"JOIN {room}")
            settle(clients)
        teacher.send("NAME Ms Lee")
        teacher.send(f"WATCH {room}")
        settle(clients)
        cy.send("JION")
        cy.send("x" * 600)
        settle(clients)
        ana.send("START")
        # Who answers what, pair by pair: Y, N, or nothing (the pair times out).
        script = {"Ana": "YYNY", "Bo": "N-YY", "Cy": "NNN-", "Di": "YN-"}
        players = {"Ana": ana, "Bo": bo, "Cy": cy, "Di": di}
        for pair in range(1, 5):
            wait_for(teacher, clients, rf"^ROUND {pair} ")
            settle(clients)
            for name, answers in script.items():
                if name == "Bo" and pair == 2:
                    players["Bo"] = bo = resume(bo, port, clients, secrets)
                    continue
                if pair > len(answers) or answers[pair - 1] == "-":
                    continue
                players[name].send(f"ANSWER {pair} {answers[pair - 1]}")
                settle(clients)
            wait_for(teacher, clients, rf"^REVEAL {pair} ")
            settle(clients)
            if pair == 3:
                di.send("QUIT")
                settle(clients)
        wait_for(ana, clients, r"^GAMEOVER ")
        settle(clients)
        for c in (teacher, ana, bo, cy, di):
            for line in c.lines:
                token = re.match(r'^TOKEN "?([A-Za-z0-9]+)"? ', line)
                if token:
                    secrets[token.group(1)] = "<token>"
        secrets[f"127.0.0.1:{web_port}"] = "127.0.0.1:<web port>"
        secrets[f"127.0.0.1:{port}"] = "127.0.0.1:<port>"
        for c in (teacher, ana, bo, cy, di):
            print(f"===== {c.name}")
            for line in c.lines:
                print(mask(line, secrets))
    finally:
        server.terminate()
        server.wait(timeout=10)


if __name__ == "__main__":
    main()
