"""Has two children fill memory while its source runs, then asks for 8 GB on every move. Expected: a MemoryError
on every move ("crash"), or a killed sandbox ("died"); nobody else is touched."""
import os

children = []
for _ in range(2):
    pid = os.fork()
    if pid == 0:
        try:
            hog = [bytearray(2**28) for _ in range(6)]
        except MemoryError:
            pass
        os._exit(0)
    children.append(pid)
for pid in children:
    os.waitpid(pid, 0)


def choose(state):
    block = bytearray(8 * 2**30)
    return len(block)
