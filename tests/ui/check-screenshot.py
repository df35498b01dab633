#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""imhotep --screenshot end to end: check-screenshot.py IMHOTEP

Runs the app's screenshot mode and checks that it writes PNG files of the
requested size, and that bad command lines fail with a message. Exit status
77 (skipped) without a display."""

import os
import struct
import subprocess
import sys
import tempfile


def png_size(path):
    with open(path, 'rb') as f:
        head = f.read(24)
    if len(head) < 24 or head[:8] != b'\x89PNG\r\n\x1a\n' or head[12:16] != b'IHDR':
        raise ValueError(f'{path} is not a PNG file')
    return struct.unpack('>II', head[16:24])


def run(imhotep, *args):
    # Own XDG directories: the app touches no saved games, library or settings of the user.
    with tempfile.TemporaryDirectory() as xdg:
        env = dict(os.environ)
        for name in ('DATA', 'CONFIG', 'CACHE', 'STATE'):
            env[f'XDG_{name}_HOME'] = os.path.join(xdg, name.lower())
        return subprocess.run([imhotep, *args], capture_output=True, text=True, timeout=60,
                              env=env)


def main(argv):
    imhotep = argv[1]
    if not os.environ.get('DISPLAY') and not os.environ.get('WAYLAND_DISPLAY'):
        print('no display: run under xvfb-run')
        return 77

    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        # The library page too (empty here), at a phone's width: the page
        # must not ask for more (the window would be wider than asked).
        for size, extra in (('360x700', []), ('640x480', ['--dark']), ('360x700', ['--library']),
                            ('360x700', ['--new-game'])):
            path = os.path.join(tmp, f'shot-{size}{"".join(extra)}.png')
            result = run(imhotep, '--screenshot', path, '--size', size, *extra)
            want = tuple(int(n) for n in size.split('x'))
            if result.returncode != 0:
                print(f'--screenshot --size {size} {" ".join(extra)}: exit status '
                      f'{result.returncode}\n{result.stderr}')
                failures += 1
            elif 'CRITICAL **' in result.stderr:
                print(f'--screenshot --size {size} {" ".join(extra)}: criticals\n{result.stderr}')
                failures += 1
            elif png_size(path) != want:
                print(f'--size {size}: the PNG is {png_size(path)}')
                failures += 1
            else:
                print(f'ok --screenshot --size {size} {" ".join(extra)}')

        for args, message in ((['--screenshot', os.path.join(tmp, 'x.png'), '--size', '12'], '12'),
                              (['--dark'], '--screenshot'),
                              (['--size', '10x10'], '--screenshot'),
                              (['--library'], '--screenshot'),
                              (['--screenshot', os.path.join(tmp, 'y.png'), '--library',
                                '--record', 'game.imhotep'], '--library'),
                              (['--new-game'], '--screenshot'),
                              (['--screenshot', os.path.join(tmp, 'z.png'), '--new-game',
                                '--library'], '--new-game')):
            result = run(imhotep, *args)
            if result.returncode != 2 or message not in result.stderr:
                print(f'{" ".join(args)}: expected exit status 2 and a message naming '
                      f'“{message}”, got {result.returncode}: {result.stderr}')
                failures += 1
            else:
                print(f'ok {" ".join(args)} is refused')

        path = os.path.join(tmp, 'missing-dir', 'x.png')
        result = run(imhotep, '--screenshot', path)
        if result.returncode == 0 or path not in result.stderr:
            print(f'unwritable file: expected failure naming the file, got '
                  f'{result.returncode}: {result.stderr}')
            failures += 1
        else:
            print('ok an unwritable file is an error')
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
